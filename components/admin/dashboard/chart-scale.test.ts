import { describe, expect, it } from "vitest";
import { labelledIndexes, niceCeiling, shortPeriod, ticks } from "./chart-scale";

describe("chart scale", () => {
  it("rounds the axis' top up to 1, 2, 2.5 or 5 times a power of ten", () => {
    expect([0, 0.3, 1, 1.2, 2.1, 3, 7, 42, 1234].map(niceCeiling)).toEqual([1, 0.5, 1, 2, 2.5, 5, 10, 50, 2000]);
    expect(ticks(50)).toEqual([0, 12.5, 25, 37.5, 50]);
  });

  it("labels about six periods, always the last", () => {
    expect(labelledIndexes(24)).toEqual([3, 7, 11, 15, 19, 23]);
    expect(labelledIndexes(30)).toEqual([4, 9, 14, 19, 24, 29]);
    expect(labelledIndexes(3)).toEqual([0, 1, 2]);
  });

  it("writes an hour as its clock time and a day as month and day", () => {
    expect(shortPeriod("2026-11-24T21")).toBe("21:00");
    expect(shortPeriod("2026-11-24")).toBe("11-24");
  });
});

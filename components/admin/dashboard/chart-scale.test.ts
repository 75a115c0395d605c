import { describe, expect, it } from "vitest";
import { labelledIndexes, niceCeiling, shortPeriod, ticks, valueAxis } from "./chart-scale";

describe("chart scale", () => {
  it("rounds the axis' top up to 1, 2, 2.5 or 5 times a power of ten", () => {
    expect([0, 0.3, 1, 1.2, 2.1, 3, 7, 42, 1234].map(niceCeiling)).toEqual([1, 0.5, 1, 2, 2.5, 5, 10, 50, 2000]);
    expect(ticks(50)).toEqual([0, 12.5, 25, 37.5, 50]);
  });

  it("keeps its scale when a value is an outlier: the top is set from the rest, and says so", () => {
    const hours = [3, 5, 4, 0, null, 6, 2, 7, 5, 200];
    expect(valueAxis(hours)).toEqual({ top: 10, clipped: true });
    // Not an outlier: no more than four times the next.
    expect(valueAxis([3, 5, 4, 28, 7])).toEqual({ top: 50, clipped: false });
    // Two outliers among twenty values: both above the scale set by the rest.
    const days = [...Array(18).fill(10), 900, 1000];
    expect(valueAxis(days)).toEqual({ top: 20, clipped: true });
    // A lone value, or one above zeros, is the scale; so is nothing.
    expect(valueAxis([0, 0, 0, 0, 40])).toEqual({ top: 50, clipped: false });
    expect(valueAxis([null, null])).toEqual({ top: 1, clipped: false });
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

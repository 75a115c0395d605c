import { describe, expect, it } from "vitest";
import { memoryGrowth } from "./memory";

describe("memoryGrowth", () => {
  it("reads a flat series as flat", () => {
    expect(memoryGrowth([200, 201, 200, 202, 201, 200])).toEqual({ firstHalfPeakMiB: 201, secondHalfPeakMiB: 202, growthPercent: 0.5 });
  });

  it("reads a steady leak as growth", () => {
    const leaking = Array.from({ length: 61 }, (_, s) => 200 + s); // a MiB a second
    const growth = memoryGrowth(leaking);
    expect(growth).toMatchObject({ firstHalfPeakMiB: 229, secondHalfPeakMiB: 260 });
    expect(growth.growthPercent).toBeGreaterThan(5);
  });

  it("does not take a heap that shrank and grew back to where it was for a leak", () => {
    // The shape of a real soak: 297 MiB before it, 204 after a collection, back to 296 by the end.
    const regrown = [297.3, 203.8, 213.2, 217.8, 231.1, 244.2, 255.2, 267.1, 268, 278.7, 288.3, 289.6, 290, 294.2, 296.5];
    expect(memoryGrowth(regrown).growthPercent).toBeLessThanOrEqual(0);
  });

  it("needs two samples", () => {
    expect(() => memoryGrowth([300])).toThrow(/two samples/);
  });
});

import { describe, expect, it } from "vitest";
import { isPassing, retryDelayMs } from "./backoff";

describe("retryDelayMs", () => {
  it("grows with each attempt, then stays at its longest", () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 9].map((n) => retryDelayMs(n, undefined, middle))).toEqual([1000, 2000, 5000, 10_000, 10_000, 10_000]);
  });

  it("follows Retry-After over the attempt count, spread over the second after it", () => {
    expect(retryDelayMs(0, 7, () => 0)).toBe(7000);
    expect(retryDelayMs(5, 7, () => 0.999)).toBe(7999);
  });

  it("draws each wait from half to one and a half times its step, so that lobbies dropped together come back apart", () => {
    expect(retryDelayMs(0, undefined, () => 0)).toBe(500);
    expect(retryDelayMs(0, undefined, () => 0.999)).toBe(1499);
    const waits = new Set(Array.from({ length: 50 }, () => retryDelayMs(1)));
    expect(waits.size).toBeGreaterThan(10);
    for (const w of waits) expect(w).toBeGreaterThanOrEqual(1000), expect(w).toBeLessThanOrEqual(3000);
  });
});

describe("isPassing", () => {
  it.each([
    [0, true],
    [503, true],
    [400, false],
    [401, false],
    [404, false],
    [429, false],
    [500, false],
  ])("a read that failed with %i is asked again by itself: %s", (status, expected) => {
    expect(isPassing(status)).toBe(expected);
  });
});

import { describe, expect, it } from "vitest";
import { retryAfterSeconds, verdict, windowEndFor } from "./rules";

describe("verdict", () => {
  const limit = { failures: 3, windowSeconds: 60 };
  it.each([
    [1, "counted"],
    [2, "counted"],
    [3, "blocks"],
    [4, "refused"],
    [40, "refused"],
  ] as const)("failure %i of a limit of 3: %s", (count, expected) => {
    expect(verdict(count, limit)).toBe(expected);
  });

  it("a limit of one blocks at the first failure", () => {
    expect(verdict(1, { failures: 1, windowSeconds: 60 })).toBe("blocks");
  });
});

describe("retryAfterSeconds", () => {
  it.each([
    [10_000, 0, 10],
    [10_001, 0, 11],
    [500, 0, 1],
    [0, 0, 1],
  ])("until %i at %i: %i s", (until, now, seconds) => {
    expect(retryAfterSeconds(until, now)).toBe(seconds);
  });
});

describe("windowEndFor", () => {
  it("ends a window one window after it opened", () => {
    expect(windowEndFor(1_000, 60_000, 5_000)).toBe(61_000);
  });

  it("never ends more than one window after this request's clock, when a simultaneous failure opened it a moment later", () => {
    const now = 1_000;
    const end = windowEndFor(now + 7, 86_400_000, now);
    expect(end).toBe(now + 86_400_000);
    expect(retryAfterSeconds(end, now)).toBe(86_400);
  });
});

import { describe, expect, it } from "vitest";
import { retryAfterSeconds, verdict } from "./rules";

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

import { describe, expect, it } from "vitest";
import { EVERY_HOUR, untilNextUtcTime } from "./utc-day";

describe("untilNextUtcTime", () => {
  const at = (iso: string) => Date.parse(iso);
  it.each([
    ["2026-11-25T23:59:30Z", [0], 30_000],
    ["2026-11-25T00:00:00Z", [0], 0],
    ["2026-11-25T00:00:01Z", [0], 86_399_000],
    ["2026-11-25T00:14:00Z", [0, 15 * 60_000], 60_000],
    ["2026-11-25T10:59:59.500Z", EVERY_HOUR, 500],
  ] as const)("at %s, the next of %j is %i ms away", (iso, times, ms) => {
    expect(untilNextUtcTime(at(iso), times)).toBe(ms);
  });
});

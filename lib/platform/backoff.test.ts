import { describe, expect, it } from "vitest";
import { afterFailure, DELIVERY_WINDOW_MS, retryDelayMs, WARN_AFTER_MS } from "./backoff";

describe("retryDelayMs", () => {
  it.each([
    [1, 500, 1000],
    [2, 1000, 2000],
    [3, 2000, 4000],
    [7, 30_000, 60_000],
    [8, 30_000, 60_000],
    [400, 30_000, 60_000],
  ])("after attempt %i waits between %i and %i ms", (attempts, low, high) => {
    expect(retryDelayMs(attempts, () => 0)).toBe(low);
    expect(retryDelayMs(attempts, () => 1)).toBe(high);
  });
});

describe("afterFailure", () => {
  const occurredAt = Date.parse("2026-11-25T10:00:00Z");
  it("tries again later, and gives up three days after the event", () => {
    expect(afterFailure({ occurredAt, previousAttemptAt: null, attempts: 1, now: occurredAt + 10, random: () => 0 })).toEqual({ giveUp: false, warn: false, nextAttemptAt: occurredAt + 510 });
    expect(afterFailure({ occurredAt, previousAttemptAt: occurredAt, attempts: 900, now: occurredAt + DELIVERY_WINDOW_MS })).toMatchObject({ giveUp: true, warn: false });
  });

  it("warns once, at the first failure five minutes after the event", () => {
    const at = (ms: number) => occurredAt + ms;
    expect(afterFailure({ occurredAt, previousAttemptAt: at(WARN_AFTER_MS - 30_000), attempts: 9, now: at(WARN_AFTER_MS + 30_000) }).warn).toBe(true);
    expect(afterFailure({ occurredAt, previousAttemptAt: at(WARN_AFTER_MS + 30_000), attempts: 10, now: at(WARN_AFTER_MS + 90_000) }).warn).toBe(false);
    expect(afterFailure({ occurredAt, previousAttemptAt: null, attempts: 1, now: at(WARN_AFTER_MS) }).warn).toBe(true);
    expect(afterFailure({ occurredAt, previousAttemptAt: null, attempts: 1, now: at(WARN_AFTER_MS - 1) }).warn).toBe(false);
  });
});

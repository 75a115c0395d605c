import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startHeartbeat } from "./heartbeat";

// The presence heartbeat's timing, on a fake clock.

describe("startHeartbeat", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("beats at once and then every period, and not after stop", async () => {
    const beat = vi.fn(async () => {});
    const heart = startHeartbeat(beat, { everyMs: 10_000, onError: () => {} });
    expect(beat).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(25_000);
    expect(beat).toHaveBeenCalledTimes(3);
    await heart.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(beat).toHaveBeenCalledTimes(3);
  });

  it("skips a beat while the last one still runs, and stop waits for it", async () => {
    let finish = () => {};
    const beat = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const heart = startHeartbeat(beat, { everyMs: 10_000, onError: () => {} });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(beat).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = heart.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });

  it("reports a failed beat and beats again at the next period", async () => {
    const errors: unknown[] = [];
    const beat = vi.fn().mockRejectedValueOnce(new Error("database gone")).mockResolvedValue(undefined);
    const heart = startHeartbeat(beat, { everyMs: 10_000, onError: (e) => errors.push(e) });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(errors).toHaveLength(1);
    expect(beat).toHaveBeenCalledTimes(2);
    await heart.stop();
  });
});

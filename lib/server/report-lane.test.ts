import { describe, expect, it, vi } from "vitest";
import { enterReportLane, inReportLane, LANE_HELD_AT_MOST_MS, REPORTS_WAITING_AT_MOST } from "./report-lane";

describe("the report lane", () => {
  it("runs one report at a time, the others in the order they came", async () => {
    const order: string[] = [];
    let running = 0;
    const report = (name: string) =>
      inReportLane(async () => {
        running++;
        expect(running).toBe(1);
        order.push(`${name} starts`);
        await new Promise((r) => setTimeout(r, 5));
        order.push(`${name} ends`);
        running--;
      });
    await Promise.all([report("a"), report("b"), report("c")]);
    expect(order).toEqual(["a starts", "a ends", "b starts", "b ends", "c starts", "c ends"]);
  });

  it("refuses with 503 once too many are waiting, and frees the lane after a failure", async () => {
    const leave = await enterReportLane();
    const waiting = Array.from({ length: REPORTS_WAITING_AT_MOST }, () => inReportLane(async () => "served"));
    await expect(enterReportLane()).rejects.toMatchObject({ code: "overloaded", retryAfterSeconds: 5 });
    leave();
    leave(); // a second call changes nothing
    expect(await Promise.all(waiting)).toEqual(Array(REPORTS_WAITING_AT_MOST).fill("served"));
    await expect(inReportLane(async () => Promise.reject(new Error("broken")))).rejects.toThrow("broken");
    expect(await inReportLane(async () => "after")).toBe("after");
  });

  it("lets a caller that goes away while waiting leave the queue", async () => {
    const leave = await enterReportLane();
    const gone = new AbortController();
    const waiting = enterReportLane(gone.signal);
    const next = inReportLane(async () => "next");
    gone.abort(new Error("client went away"));
    await expect(waiting).rejects.toThrow("client went away");
    leave();
    expect(await next).toBe("next");
  });

  it("lets the lane go after LANE_HELD_AT_MOST_MS when a report is never finished", async () => {
    vi.useFakeTimers();
    try {
      await enterReportLane();
      const next = inReportLane(async () => "after the watchdog");
      await vi.advanceTimersByTimeAsync(LANE_HELD_AT_MOST_MS);
      expect(await next).toBe("after the watchdog");
    } finally {
      vi.useRealTimers();
    }
  });
});

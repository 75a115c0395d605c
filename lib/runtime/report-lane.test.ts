import { afterEach, describe, expect, it, vi } from "vitest";
import { config } from "@/lib/env";
import { errorResponse } from "@/lib/http/envelope";
import { enterReportLane, inReportLane, LANE_HELD_AT_MOST_MS, REPORTS_WAITING_AT_MOST } from "./report-lane";

describe("the report lane", () => {
  afterEach(() => vi.useRealTimers());

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
    await enterReportLane();
    const next = inReportLane(async () => "after the watchdog", undefined, 2 * LANE_HELD_AT_MOST_MS);
    await vi.advanceTimersByTimeAsync(LANE_HELD_AT_MOST_MS);
    expect(await next).toBe("after the watchdog");
  });

  it("answers a report still waiting after the database's timeout as busy, before the request's deadline, and never runs it", async () => {
    vi.useFakeTimers();
    const leave = await enterReportLane();
    const ran: string[] = [];
    const late = inReportLane(async () => void ran.push("late"));
    const refused = expect(late).rejects.toMatchObject({ code: "overloaded", retryAfterSeconds: 5 });
    // route() gives up at twice the database's timeout (database_unavailable); the lane answers first.
    await vi.advanceTimersByTimeAsync(config().databaseTimeoutMs);
    await refused;
    await expect(late).rejects.toThrow(/^Reports are busy on this server: this one waited \d+(\.\d)? s for another report or export to finish\. Try again in a moment\.$/);
    const answer = errorResponse((await late.catch((e: unknown) => e)) as never);
    expect([answer.status, answer.headers.get("retry-after"), (await answer.json()).code]).toEqual([503, "5", "overloaded"]);

    leave();
    expect(await inReportLane(async () => (ran.push("next"), "next"))).toBe("next");
    expect(ran).toEqual(["next"]);
  });

  it("never runs a waiter once it is answered, however the lane is freed, and its place is free", async () => {
    const leave = await enterReportLane();
    const ran: number[] = [];
    // A full queue, every waiter then answered (its client gone): none of them holds a place.
    const answered = Array.from({ length: REPORTS_WAITING_AT_MOST }, (_, i) => {
      const gone = new AbortController();
      return { gone, report: inReportLane(async () => void ran.push(i), gone.signal) };
    });
    for (const { gone } of answered) gone.abort(new Error("answered"));
    for (const { report } of answered) await expect(report).rejects.toThrow("went away while its report waited");
    const next = inReportLane(async () => "next");
    leave();
    expect(await next).toBe("next");
    expect(ran).toEqual([]);

    // A request already answered when it asks never queues, nor takes a free lane.
    const gone = new AbortController();
    gone.abort(new Error("already answered"));
    await expect(inReportLane(async () => void ran.push(-1), gone.signal)).rejects.toThrow("went away while its report waited");
    expect(await inReportLane(async () => "free")).toBe("free");
    expect(ran).toEqual([]);
  });
});

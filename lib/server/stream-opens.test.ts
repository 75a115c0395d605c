import { describe, expect, it } from "vitest";
import { StreamOpens } from "./stream-opens";

describe("StreamOpens", () => {
  it("admits a full bucket at once, then refuses", () => {
    const opens = new StreamOpens({ perSecond: 5, longestWaitSeconds: 30 }, 0);
    const decisions = Array.from({ length: 6 }, () => opens.take(0));
    expect(decisions.slice(0, 5)).toEqual(Array(5).fill({ admit: true }));
    expect(decisions[5]).toEqual({ admit: false, retryAfterSeconds: 1 });
  });

  it("refills at its rate", () => {
    const opens = new StreamOpens({ perSecond: 10, longestWaitSeconds: 30 }, 0);
    for (let i = 0; i < 10; i++) opens.take(0);
    expect(opens.take(50).admit).toBe(false);
    expect(opens.take(150)).toEqual({ admit: true });
    expect(opens.take(150).admit).toBe(false);
  });

  it("sends a crowd back spread over the seconds the bucket needs to serve it", () => {
    const opens = new StreamOpens({ perSecond: 100, longestWaitSeconds: 30 }, 0);
    const crowd = Array.from({ length: 1000 }, () => opens.take(0));
    const refused = crowd.flatMap((d) => (d.admit ? [] : [d.retryAfterSeconds]));
    expect(refused).toHaveLength(900);
    const perSecond = new Map<number, number>();
    for (const s of refused) perSecond.set(s, (perSecond.get(s) ?? 0) + 1);
    // 100 a second, each second from 1 to 9: no more than the bucket refills in that second.
    expect([...perSecond]).toEqual(Array.from({ length: 9 }, (_, i) => [i + 1, 100]));
  });

  it("never sends anyone further than the longest wait", () => {
    const opens = new StreamOpens({ perSecond: 1, longestWaitSeconds: 5 }, 0);
    const waits = Array.from({ length: 20 }, () => opens.take(0)).flatMap((d) => (d.admit ? [] : [d.retryAfterSeconds]));
    expect(Math.max(...waits)).toBe(5);
  });

  it("does not keep slots in the past: a crowd after a quiet spell is spread from now", () => {
    const opens = new StreamOpens({ perSecond: 2, longestWaitSeconds: 30 }, 0);
    for (let i = 0; i < 6; i++) opens.take(0);
    const later = 60_000;
    const decisions = Array.from({ length: 4 }, () => opens.take(later));
    expect(decisions.map((d) => (d.admit ? 0 : d.retryAfterSeconds))).toEqual([0, 0, 1, 1]);
  });

  it("gives a slot to an open refused for another reason without taking a token", () => {
    const opens = new StreamOpens({ perSecond: 4, longestWaitSeconds: 30 }, 0);
    expect([opens.later(0), opens.later(0), opens.later(0), opens.later(0), opens.later(0)].map((d) => d.retryAfterSeconds)).toEqual([1, 1, 1, 1, 2]);
    // The bucket is still full, and its refusals come after those slots.
    expect(Array.from({ length: 4 }, () => opens.take(0).admit)).toEqual([true, true, true, true]);
    expect(opens.take(0)).toEqual({ admit: false, retryAfterSeconds: 2 });
  });
});

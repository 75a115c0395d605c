import { describe, expect, it } from "vitest";
import { CallerRates } from "./caller-rates";

describe("CallerRates", () => {
  it("lets a caller's burst through at once, then one call per 1/perSecond", () => {
    const rates = new CallerRates({ perSecond: 2, burst: 4 }, 0);
    expect([1, 2, 3, 4].map(() => rates.take(["a"], 0))).toEqual([undefined, undefined, undefined, undefined]);
    expect(rates.take(["a"], 0)).toBe(1);
    expect(rates.take(["a"], 499)).toBe(1);
    expect(rates.take(["a"], 500)).toBeUndefined();
    expect(rates.take(["a"], 500)).toBe(1);
  });

  it("keeps callers apart", () => {
    const rates = new CallerRates({ perSecond: 1, burst: 1 }, 0);
    expect(rates.take(["a"], 0)).toBeUndefined();
    expect(rates.take(["a"], 0)).toBe(1);
    expect(rates.take(["b"], 0)).toBeUndefined();
  });

  it("tells a caller far behind how many seconds until their next token", () => {
    const rates = new CallerRates({ perSecond: 0.5, burst: 1 }, 0);
    expect(rates.take(["a"], 0)).toBeUndefined();
    expect(rates.take(["a"], 0)).toBe(2);
  });

  it("refills no further than the burst", () => {
    const rates = new CallerRates({ perSecond: 10, burst: 2 }, 0);
    expect(rates.take(["a"], 0)).toBeUndefined();
    const later = 60_000;
    expect([1, 2].map(() => rates.take(["a"], later))).toEqual([undefined, undefined]);
    expect(rates.take(["a"], later)).toBe(1);
  });

  it("takes from every key of a caller or from none, so that a token's player, once known, brings no fresh burst", () => {
    const rates = new CallerRates({ perSecond: 1, burst: 2 }, 0);
    expect(rates.take(["token:a"], 0)).toBeUndefined();
    expect(rates.take(["token:a"], 0)).toBeUndefined();
    // Its player is known now: the player's bucket is full, the token's is not.
    expect(rates.take(["token:a", "player:p"], 0)).toBe(1);
    // The player's other token has its own bucket, but the player's is shared.
    expect(rates.take(["token:b", "player:p"], 0)).toBeUndefined();
    expect(rates.take(["token:b", "player:p"], 0)).toBeUndefined();
    expect(rates.take(["token:c", "player:p"], 0)).toBe(1);
    expect(rates.take(["token:a", "player:p"], 1_000)).toBeUndefined();
  });

  it("forgets callers whose buckets have filled again", () => {
    const rates = new CallerRates({ perSecond: 10, burst: 2 }, 0);
    rates.take(["a"], 0);
    rates.take(["b"], 9_950);
    expect(rates.size).toBe(2);
    rates.take(["c"], 10_000);
    // a is full again and forgotten; b, 50 ms ago, is not yet full.
    expect(rates.size).toBe(2);
    expect(rates.take(["b"], 10_000)).toBeUndefined();
    expect(rates.take(["b"], 10_000)).toBe(1);
  });
});

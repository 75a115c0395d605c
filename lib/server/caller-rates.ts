import "server-only";
// A cap on how many reads one player may have in flight does not bound how many they make: reads
// answered in a few milliseconds, asked again at once, take as much of the server as any crowd. On the
// embedded database, whose statements run on the event loop itself, one such player slowed every
// credit. Each caller also has a rate: a token bucket of `perSecond`, holding up to `burst`, so that a
// lobby opening a page (a handful of reads at once) never notices, and one that loops is held to it.

import { refilled, type Rate } from "./token-bucket";

interface Bucket {
  tokens: number;
  at: number;
}

/** A bucket left alone this long is full again, and forgotten: the map holds only recent callers. */
const SWEEP_EVERY_MS = 10_000;

export class CallerRates {
  private readonly buckets = new Map<string, Bucket>();
  private sweptAt: number;

  constructor(
    private readonly rate: Rate,
    now: number,
  ) {
    this.sweptAt = now;
  }

  /**
   * Takes one token from the bucket of each of the caller's keys (a launch token's, and its player's
   * once known: see Caller in ./front-door.ts), or from none: undefined when every bucket had one,
   * else the seconds until they all do. Both are kept so that neither a player's second token nor the
   * moment a token's player becomes known starts a fresh burst.
   */
  take(caller: readonly string[], now: number): number | undefined {
    if (now - this.sweptAt >= SWEEP_EVERY_MS) this.sweep(now);
    const buckets = caller.map((key) => {
      const bucket = this.buckets.get(key) ?? { tokens: this.rate.burst, at: now };
      bucket.tokens = refilled(bucket.tokens, bucket.at, now, this.rate);
      bucket.at = now;
      this.buckets.set(key, bucket);
      return bucket;
    });
    const fewest = Math.min(...buckets.map((b) => b.tokens));
    if (fewest >= 1) {
      for (const bucket of buckets) bucket.tokens -= 1;
      return undefined;
    }
    return Math.max(1, Math.ceil((1 - fewest) / this.rate.perSecond));
  }

  /** Callers remembered now: for tests. */
  get size(): number {
    return this.buckets.size;
  }

  private sweep(now: number) {
    for (const [caller, bucket] of this.buckets) if (refilled(bucket.tokens, bucket.at, now, this.rate) >= this.rate.burst) this.buckets.delete(caller);
    this.sweptAt = now;
  }
}

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

  /** Takes one of the caller's tokens; undefined when there was one, else the seconds until there is. */
  take(caller: string, now: number): number | undefined {
    if (now - this.sweptAt >= SWEEP_EVERY_MS) this.sweep(now);
    const bucket = this.buckets.get(caller) ?? { tokens: this.rate.burst, at: now };
    bucket.tokens = refilled(bucket.tokens, bucket.at, now, this.rate);
    bucket.at = now;
    this.buckets.set(caller, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return undefined;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.rate.perSecond));
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

import "server-only";
// The one refill rule of the front door's token buckets (stream opens, each caller's reads): tokens
// come back at `perSecond`, up to `burst`.

export interface Rate {
  perSecond: number;
  burst: number;
}

/** The tokens a bucket holds at `now`, had it held `tokens` at `at` (both in ms). */
export const refilled = (tokens: number, at: number, now: number, { perSecond, burst }: Rate): number =>
  Math.min(burst, tokens + ((now - at) / 1000) * perSecond);

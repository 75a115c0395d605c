// The throttle's rules, as values: which failures count where, how many a window allows, and what
// the count means. Kept free of the database and of HTTP so they can be tested on their own.

/** What is being guessed: each has its own limit and counters. */
export const THROTTLE_SCOPES = ["player_token", "admin_token", "admin_sign_in", "wallet_signature"] as const;
export type ThrottleScope = (typeof THROTTLE_SCOPES)[number];

/**
 * A person signing in is told of the lock by the attempt that starts it. Machines' calls (the Bearer
 * API, wallet signatures) keep their ordinary answer for it, as the guide to each promises.
 */
export const tellsOfBlockAtOnce = (scope: ThrottleScope) => scope === "admin_sign_in";

/**
 * At most `failures` failed attempts per address in a window of `windowSeconds` that opens at its
 * first failure: the limit is reached at exactly its count, whenever the attempts begin.
 */
export interface Limit {
  failures: number;
  windowSeconds: number;
}

const LIMIT = /^(\d{1,6})\/(\d{1,6})$/;

/** Reads a limit setting: `failures/seconds` such as `5/900`, or `off`. Throws a readable message. */
export function parseLimit(text: string): Limit | undefined {
  if (text.trim().toLowerCase() === "off") return undefined;
  const match = LIMIT.exec(text.trim());
  const failures = Number(match?.[1]);
  const windowSeconds = Number(match?.[2]);
  if (!match || failures < 1 || windowSeconds < 1 || windowSeconds > 86_400) {
    throw new Error(`must be "failures/seconds" (such as 5/900; at least 1 failure, a window of 1 to 86400 seconds) or "off"; got "${text}"`);
  }
  return { failures, windowSeconds };
}

/**
 * What the count of failures in the window (this one included) means. Up to the limit each failure
 * gets its ordinary answer; the one that reaches it blocks the address until the window ends; one
 * past it came through an instance that had not seen the block yet, and is refused as well.
 */
export function verdict(count: number, limit: Limit): "counted" | "blocks" | "refused" {
  if (count < limit.failures) return "counted";
  return count === limit.failures ? "blocks" : "refused";
}

/** Whole seconds until a block ends, at least 1: the Retry-After header. */
export const retryAfterSeconds = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 1000));

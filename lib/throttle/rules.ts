import type { Limit, ThrottleScope } from "@/lib/config/throttle-limits";

// The throttle's rules, as values: which failures count where, how many a window allows, and what
// the count means. Kept free of the database and of HTTP so they can be tested on their own. The
// scopes and the limit setting itself are the configuration's (lib/config/throttle-limits.ts).

/**
 * A person signing in is told of the lock by the attempt that starts it. Machines' calls (the Bearer
 * API, wallet signatures) keep their ordinary answer for it, as the guide to each promises.
 */
export const tellsOfBlockAtOnce = (scope: ThrottleScope) => scope === "admin_sign_in";

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

/**
 * When the failure's window ends, as this request sees it. The window's row keeps the clock of the
 * request that opened it, which may have read the clock a moment after this one did (simultaneous
 * failures race to open it): the end is never put more than one window past this request's clock,
 * so no Retry-After ever asks for longer than the window.
 */
export const windowEndFor = (windowStart: number, windowMs: number, now: number) => Math.min(windowStart, now) + windowMs;

import type { Executor } from "@/db/client";
import { config } from "@/lib/env";
import { ThrottledError } from "@/lib/errors";
import { log } from "@/lib/observability/log";
import { takeTurn } from "./attempts";
import { blockedUntil, rememberBlock } from "./blocks";
import { addFailure, purgeEndedWindows } from "./queries";
import type { ThrottleScope } from "@/lib/config/throttle-limits";
import { retryAfterSeconds, tellsOfBlockAtOnce, verdict, windowEndFor } from "./rules";

// The throttle: failed attempts are counted per client address in the database, shared by every
// instance; successes are never counted, so an authenticated request costs no query here.

const refusal = (until: number, now: number) => {
  const seconds = retryAfterSeconds(until, now);
  return new ThrottledError(`Too many failed attempts from this address. Try again in ${seconds} seconds.`, seconds);
};

/** Refuses at once, with no query, while this instance knows the address is blocked in the scope. */
export function refuseIfBlocked(scope: ThrottleScope, address: string, now = Date.now()): void {
  const until = blockedUntil(scope, address, now);
  if (until !== undefined) throw refusal(until, now);
}

/**
 * Counts a failed attempt. Returns when the failure should get its ordinary answer; throws a 429 when
 * it is past the limit (it came through an instance that had not yet seen the block), or when it
 * starts the block of a scope that says so at once.
 */
export async function countFailure(db: Executor, scope: ThrottleScope, address: string, now = Date.now()): Promise<void> {
  const limit = config().throttle[scope];
  if (!limit) return;
  const windowMs = limit.windowSeconds * 1000;
  let count: number;
  let windowEnd: number;
  try {
    const window = await addFailure(db, { scope, address, now: new Date(now), windowSeconds: limit.windowSeconds });
    count = window.failures;
    windowEnd = windowEndFor(window.windowStart.getTime(), windowMs, now);
  } catch (error) {
    // A counter that cannot be written must not change the answer: the failure gets its ordinary
    // refusal (a bad signature stays ERR_INTEGRITY_CHECK_FAILED, not a retryable 5xx), uncounted.
    log("warn", "counting a failed attempt failed", { scope, error: String(error) });
    return;
  }
  // The first failure of a window tidies the scope's ended windows; it does not hold up the answer.
  if (count === 1) {
    purgeEndedWindows(db, { scope, before: new Date(now - windowMs) }).catch((error) => log("warn", "purging ended throttle windows failed", { scope, error: String(error) }));
  }
  const outcome = verdict(count, limit);
  if (outcome === "counted") return;
  rememberBlock(scope, address, windowEnd, now);
  if (outcome === "blocks") log("warn", "address throttled", { scope, address, failures: count, until: new Date(windowEnd).toISOString() });
  if (outcome === "refused" || tellsOfBlockAtOnce(scope)) throw refusal(windowEnd, now);
}

/**
 * Runs a credential check under its scope's throttle: refused while the address is blocked, never
 * more checks in flight than the address has failures left (lib/throttle/attempts.ts), and a failure
 * that `counts` is counted before it is answered.
 */
export async function throttled<T>(db: Executor, scope: ThrottleScope, address: string, check: () => T | Promise<T>, counts: (error: unknown) => boolean): Promise<T> {
  refuseIfBlocked(scope, address);
  const limit = config().throttle[scope];
  const leave = limit ? await takeTurn(scope, address, limit.failures) : () => {};
  let failed = false;
  try {
    // A block may have begun while this check waited its turn.
    refuseIfBlocked(scope, address);
    return await check();
  } catch (error) {
    if (counts(error)) {
      failed = true;
      await countFailure(db, scope, address);
    }
    throw error;
  } finally {
    leave(failed);
  }
}

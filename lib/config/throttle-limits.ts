// The throttle's settings: what is guessed (each scope its own THROTTLE_* setting) and how a limit
// is written. Read here with the rest of the configuration; applied by lib/throttle/.

/** What is being guessed: each has its own limit and counters. */
export const THROTTLE_SCOPES = ["player_token", "admin_token", "admin_sign_in", "wallet_signature"] as const;
export type ThrottleScope = (typeof THROTTLE_SCOPES)[number];

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

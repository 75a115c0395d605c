// How long a lobby waits before asking again after a refusal or a dropped connection. Without word
// from the server: growing waits, each drawn at random from half to one and a half times its step,
// so that a crowd of lobbies dropped at once (a deploy) does not return at once. With Retry-After: the server has already
// given each refused lobby its own second to return (lib/server/stream-opens.ts); a random part of
// one second spreads those sent back to the same second.

const WAITS_MS = [1000, 2000, 5000, 10_000];
/** The wait is drawn between (1 - SPREAD) and (1 + SPREAD) times its step. */
const SPREAD = 0.5;

export function retryDelayMs(attempt: number, retryAfterSeconds?: number, random = Math.random): number {
  if (retryAfterSeconds !== undefined) return Math.round(retryAfterSeconds * 1000 + 1000 * random());
  return Math.round(WAITS_MS[Math.min(attempt, WAITS_MS.length - 1)]! * (1 - SPREAD + 2 * SPREAD * random()));
}

/** Read attempts a lobby makes before it shows the error: enough to ride out a busy minute. */
export const MAX_READ_ATTEMPTS = 7;

/**
 * Whether a lobby read that failed with this HTTP status (0: no answer reached the browser) is worth
 * asking again by itself: a shed read (503) or a lost connection is; a refusal of the request is not.
 */
export const isPassing = (status: number) => status === 0 || status === 503;

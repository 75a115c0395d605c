// How long a lobby waits before asking again after a refusal or a dropped connection: growing
// waits, or what the server's Retry-After says, each stretched by a random part so that a crowd of
// lobbies refused at once does not return at once.

const WAITS_MS = [1000, 2000, 5000, 10_000];
/** Up to this fraction of the wait is added at random. */
const SPREAD = 0.5;

export function retryDelayMs(attempt: number, retryAfterSeconds?: number, random = Math.random): number {
  const base = retryAfterSeconds !== undefined ? retryAfterSeconds * 1000 : WAITS_MS[Math.min(attempt, WAITS_MS.length - 1)]!;
  return Math.round(base * (1 + SPREAD * random()));
}

/** Read attempts a lobby makes before it shows the error: enough to ride out a busy minute. */
export const MAX_READ_ATTEMPTS = 7;

/**
 * Whether a lobby read that failed with this HTTP status (0: no answer reached the browser) is worth
 * asking again by itself: a shed read (503) or a lost connection is; a refusal of the request is not.
 */
export const isPassing = (status: number) => status === 0 || status === 503;

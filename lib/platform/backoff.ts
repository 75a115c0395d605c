// When a pushed event that the platform did not take is tried again: waits that double from a
// second up to a minute, each somewhere in its upper half at random, so that many instances and
// events do not retry in step. For three days from the event; then it is given up (and can be sent
// again from the console).

const FIRST_WAIT_MS = 1000;
const LONGEST_WAIT_MS = 60_000;
export const DELIVERY_WINDOW_MS = 3 * 86_400_000;
/** An event still undelivered this long after it happened is logged as a warning, once. */
export const WARN_AFTER_MS = 5 * 60_000;

/** The wait after the `attempts`-th failed attempt (1 for the first). */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** What becomes of an event whose attempt failed at `now`. */
export function afterFailure({ occurredAt, previousAttemptAt, attempts, now, random }: { occurredAt: number; previousAttemptAt: number | null; attempts: number; now: number; random?: () => number }) {
  const giveUp = now - occurredAt >= DELIVERY_WINDOW_MS;
  // Warned once: by the attempt that first finds the event this old.
  const warn = !giveUp && now - occurredAt >= WARN_AFTER_MS && (previousAttemptAt === null || previousAttemptAt - occurredAt < WARN_AFTER_MS);
  return { giveUp, warn, nextAttemptAt: now + retryDelayMs(attempts, random) };
}

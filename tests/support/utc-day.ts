// Tests that compute "today" (or this hour) once and then compare it with what the server wrote must
// not straddle the moment it changes. A test that lasts at most `lastsMs` and starts more than that
// before the moment cannot cross it; one that would start closer waits until the moment has passed.

const DAY_MS = 86_400_000;

/** Milliseconds from `now` until the next of `times` (each in ms after UTC midnight). */
export function untilNextUtcTime(now: number, times: readonly number[]): number {
  const ofDay = ((now % DAY_MS) + DAY_MS) % DAY_MS;
  return Math.min(...times.map((time) => (time - ofDay + DAY_MS) % DAY_MS));
}

/**
 * Returns once a test lasting at most `lastsMs` cannot cross any of `times` of the UTC day (midnight
 * by default); near one, it first waits until a second after it. The test's own timeout must allow
 * for that wait: at most `lastsMs` plus a second.
 */
export async function clearOfUtcTimes(lastsMs: number, times: readonly number[] = [0]): Promise<void> {
  for (let ahead = untilNextUtcTime(Date.now(), times); ahead <= lastsMs; ahead = untilNextUtcTime(Date.now(), times)) {
    await new Promise((resolve) => setTimeout(resolve, ahead + 1000));
  }
}

export const HOUR_MS = 3_600_000;
/** Every hour of the day: for tests that compare per-hour figures. */
export const EVERY_HOUR = Array.from({ length: 24 }, (_, hour) => hour * HOUR_MS);

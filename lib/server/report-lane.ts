import { config } from "@/lib/env";
import { OverloadedError } from "@/lib/errors";
import { lobbyLoad } from "./admission";

// Money first, for the console too. A report, a ledger export or the dashboard reads a range of the
// ledger: two at once keep both of a small machine's cores busy, and the wallet waits behind them.
// Each instance runs one at a time; a few more wait their turn; beyond that, or while the event
// loop runs late, they are refused with 503 `overloaded` and Retry-After, as busy lobby reads are.

/** Reports waiting for the lane before more are refused: a few people and consoles, not a crowd. */
export const REPORTS_WAITING_AT_MOST = 8;
/** Longest a report holds the lane: one that is never read to its end (nor cancelled) lets it go then. */
export const LANE_HELD_AT_MOST_MS = 120_000;
const RETRY_AFTER_SECONDS = 5;

interface Waiter {
  admit: () => void;
}
const lane = globalThis as unknown as { __lobbyReportLane?: { busy: boolean; waiting: Waiter[] } };
const state = () => (lane.__lobbyReportLane ??= { busy: false, waiting: [] });

function passOn() {
  const s = state();
  const next = s.waiting.shift();
  if (next) next.admit();
  else s.busy = false;
}

/**
 * Waits for the lane and holds it: call the returned function once the report is done or abandoned
 * (more calls change nothing). A caller that goes away while waiting (`signal`) leaves the queue.
 */
export async function enterReportLane(signal?: AbortSignal): Promise<() => void> {
  const s = state();
  const { shedDelayMs } = config().lobby;
  const { delayMs } = lobbyLoad();
  if (delayMs >= shedDelayMs) throw new OverloadedError(`Reports wait while this server runs ${Math.round(delayMs)} ms behind; money is served first. Try again in a moment.`, RETRY_AFTER_SECONDS);
  if (s.busy) {
    if (s.waiting.length >= REPORTS_WAITING_AT_MOST) {
      throw new OverloadedError(`${REPORTS_WAITING_AT_MOST} reports are already waiting on this server; money is served first. Try again in a moment.`, RETRY_AFTER_SECONDS);
    }
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        admit: () => {
          signal?.removeEventListener("abort", gone);
          resolve();
        },
      };
      const gone = () => {
        s.waiting.splice(s.waiting.indexOf(waiter), 1);
        reject(signal!.reason);
      };
      signal?.addEventListener("abort", gone, { once: true });
      s.waiting.push(waiter);
    });
  }
  s.busy = true;
  let left = false;
  const leave = () => {
    if (left) return;
    left = true;
    clearTimeout(watchdog);
    passOn();
  };
  const watchdog = setTimeout(leave, LANE_HELD_AT_MOST_MS);
  watchdog.unref();
  return leave;
}

/** Runs a report in the lane. */
export async function inReportLane<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const leave = await enterReportLane(signal);
  try {
    return await work();
  } finally {
    leave();
  }
}

import "server-only";
import { config } from "@/lib/env";
import { ClientClosedRequest, OverloadedError } from "@/lib/errors";
import { loopDelayMs } from "./admission";
import { processState } from "@/lib/process/state";

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
const state = () => processState("report-lane", (): { busy: boolean; waiting: Waiter[] } => ({ busy: false, waiting: [] }));

function passOn() {
  const s = state();
  const next = s.waiting.shift();
  if (next) next.admit();
  else s.busy = false;
}

/** The caller went away while its report waited: logged and counted as such (499), not as a fault. */
const wentAway = () => new ClientClosedRequest("gone while waiting for the report lane", "The client went away while its report waited its turn.");

/**
 * Waits for the lane and holds it: call the returned function once the report is done or abandoned
 * (more calls change nothing). A caller that is answered while it waits leaves the queue and never
 * runs: one that goes away (`signal`), or one still waiting after `waitAtMostMs`, refused as busy.
 * The wait defaults to the database's timeout, half the request's deadline (lib/http/route.ts), so
 * that a report queued behind a long export is told the server is busy, not that the database is down.
 */
export async function enterReportLane(signal?: AbortSignal, waitAtMostMs: number = config().databaseTimeoutMs): Promise<() => void> {
  const s = state();
  if (signal?.aborted) throw wentAway();
  const { shedDelayMs } = config().lobby;
  const delayMs = loopDelayMs();
  if (delayMs >= shedDelayMs) throw new OverloadedError(`Reports wait while this server runs ${Math.round(delayMs)} ms behind; money is served first. Try again in a moment.`, RETRY_AFTER_SECONDS);
  if (s.busy) {
    if (s.waiting.length >= REPORTS_WAITING_AT_MOST) {
      throw new OverloadedError(`${REPORTS_WAITING_AT_MOST} reports are already waiting on this server; money is served first. Try again in a moment.`, RETRY_AFTER_SECONDS);
    }
    await new Promise<void>((resolve, reject) => {
      const stopWaiting = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", gone);
      };
      // Out of the queue for good: passOn never admits it, whatever comes later.
      const refuse = (error: unknown) => {
        stopWaiting();
        const at = s.waiting.indexOf(waiter);
        if (at >= 0) s.waiting.splice(at, 1);
        reject(error);
      };
      const waiter: Waiter = { admit: () => (stopWaiting(), resolve()) };
      const gone = () => refuse(wentAway());
      const timer = setTimeout(
        () => refuse(new OverloadedError(`Reports are busy on this server: this one waited ${Math.round(waitAtMostMs / 100) / 10} s for another report or export to finish. Try again in a moment.`, RETRY_AFTER_SECONDS)),
        waitAtMostMs,
      );
      signal?.addEventListener("abort", gone, { once: true });
      s.waiting.push(waiter);
    });
    // Admitted, but answered meanwhile: the lane goes straight to the next.
    if (signal?.aborted) {
      passOn();
      throw wentAway();
    }
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
export async function inReportLane<T>(work: () => Promise<T>, signal?: AbortSignal, waitAtMostMs?: number): Promise<T> {
  const leave = await enterReportLane(signal, waitAtMostMs);
  try {
    return await work();
  } finally {
    leave();
  }
}

import "server-only";
import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";
import { processState } from "@/lib/process/state";

// Money first: wallet callbacks and bet-taking calls are never refused here. Lobby reads (the room
// list, a room, the player's profile) are shed with 503 and Retry-After once this instance is busy,
// measured two ways: lobby reads in flight, and how late the event loop runs its timers (what every
// request, wallet calls included, waits behind). One player may hold only a few reads at once.
// The decisions are made at the front door (lib/server/front-door.ts), before any authentication.

export interface Load {
  /** Lobby reads being answered now. */
  inFlight: number;
  /** The event loop's recent delay in ms (90th percentile of the last window). */
  delayMs: number;
}

export interface AdmissionLimits {
  readsInFlight: number;
  shedDelayMs: number;
}

/** Why a lobby read is shed now, or undefined to serve it. */
export function shedReason(load: Load, limits: AdmissionLimits): string | undefined {
  if (load.inFlight >= limits.readsInFlight) return `${load.inFlight} lobby reads are in flight on this server`;
  if (load.delayMs >= limits.shedDelayMs) return `this server runs ${Math.round(load.delayMs)} ms behind`;
  return undefined;
}

/** Why one caller's read is refused while their others are still being answered, or undefined. */
export function perCallerRefusal(inFlightOfCaller: number, perCaller: number): string | undefined {
  if (inFlightOfCaller >= perCaller) return `At most ${perCaller} of one player's lobby reads are answered at once; wait for those in flight.`;
  return undefined;
}

const WINDOW_MS = 500;
/** The histogram's sampling interval, which its readings include: the delay is what exceeds it. */
const RESOLUTION_MS = 10;

interface State {
  /** The lower of the last two windows' delays: one pause (a collection) does not shed; a busy loop does. */
  delayMs: number;
  lastWindowMs: number;
  histogram: IntervalHistogram;
}

function state(): State {
  return processState("admission", () => {
    const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    histogram.enable();
    const s: State = { delayMs: 0, lastWindowMs: 0, histogram };
    setInterval(() => {
      const windowMs = histogram.count > 0 ? Math.max(0, histogram.percentile(90) / 1e6 - RESOLUTION_MS) : 0;
      s.delayMs = Math.min(windowMs, s.lastWindowMs);
      s.lastWindowMs = windowMs;
      histogram.reset();
    }, WINDOW_MS).unref();
    return s;
  });
}

/** How late the event loop runs now, in ms: for the front door, the report lane and the metrics. */
export const loopDelayMs = (): number => state().delayMs;

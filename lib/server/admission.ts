import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";
import { config } from "@/lib/env";
import { OverloadedError } from "@/lib/errors";
import { recordShed } from "@/lib/observability/metrics";

// Money first: wallet callbacks and bet-taking calls are never refused here. Lobby reads (the room
// list, a room, the player's profile, opening an event stream) are shed with 503 and Retry-After
// once this instance is busy, measured two ways: lobby reads in flight, and how late the event loop
// runs its timers (what every request, wallet calls included, waits behind).

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

const WINDOW_MS = 500;
/** The histogram's sampling interval, which its readings include: the delay is what exceeds it. */
const RESOLUTION_MS = 10;

interface State {
  inFlight: number;
  /** The lower of the last two windows' delays: one pause (a collection) does not shed; a busy loop does. */
  delayMs: number;
  lastWindowMs: number;
  histogram: IntervalHistogram;
}

const store = globalThis as unknown as { __lobbyAdmission?: State };
function state(): State {
  if (!store.__lobbyAdmission) {
    const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    histogram.enable();
    const s: State = { inFlight: 0, delayMs: 0, lastWindowMs: 0, histogram };
    setInterval(() => {
      const windowMs = histogram.count > 0 ? Math.max(0, histogram.percentile(90) / 1e6 - RESOLUTION_MS) : 0;
      s.delayMs = Math.min(windowMs, s.lastWindowMs);
      s.lastWindowMs = windowMs;
      histogram.reset();
    }, WINDOW_MS).unref();
    store.__lobbyAdmission = s;
  }
  return store.__lobbyAdmission;
}

/** The load as admission sees it: for the metrics. */
export function lobbyLoad(): Load {
  const { inFlight, delayMs } = state();
  return { inFlight, delayMs };
}

/** Runs a lobby read if this instance has room for it; otherwise throws `overloaded` (503, Retry-After). */
export async function asLobbyRead<T>(route: string, work: () => Promise<T>): Promise<T> {
  const s = state();
  const { lobby } = config();
  const reason = shedReason(s, lobby);
  if (reason) {
    recordShed(route);
    throw new OverloadedError(`The lobby is busy (${reason}); money is served first. Try again in a moment.`, lobby.retryAfterSeconds);
  }
  s.inFlight++;
  try {
    return await work();
  } finally {
    s.inFlight--;
  }
}

import "server-only";
// Everything this process keeps for its whole life, in one place. Next.js copies a module into each
// bundle that uses it (the instrumentation hook, every route), so a module-level variable would be one
// per copy: one configuration per route, each with its own generated secrets, and as many databases.
// State kept here is one per process, whichever copy asks.

/** Every piece of process state, by name: the whole list is here. */
export type StateName =
  | "config" // lib/env.ts: the parsed configuration
  | "database" // lib/runtime/database.ts: the open database and whether it is open
  | "instance-id" // lib/runtime/database.ts: this process's name in pg_stat_activity
  | "front-door" // lib/server/front-door.ts: streams, reads by caller, rates
  | "front-door-installed" // lib/server/front-door.ts: the patch is in place
  | "peer-header" // lib/runtime/peer-address.ts: the stamp's header name, drawn at start
  | "admission" // lib/runtime/admission.ts: lobby reads in flight, the event loop's delay
  | "lifecycle" // lib/runtime/lifecycle.ts: requests in flight, draining
  | "report-lane" // lib/runtime/report-lane.ts: the one report running and those waiting
  | "settings-fingerprint" // lib/server/shared-settings.ts: what /v1/ready shows
  | "dispatcher" // lib/platform/dispatcher.ts: the loop that pushes room events
  | "live-hub" // lib/live/hub.ts: the open streams and the listen to their players' changes
  | "presence" // lib/live/presence.ts: the timer that writes this instance's players online
  | "lobby-counts" // lib/live/lobby-counts.ts: the counts last sent to the streams, sent again only when they change
  | "room-changes" // lib/rooms/room-changes.ts: the listen to room changes and who hears them
  | "list-cache" // lib/rooms/list-cache.ts: shared answers of list reads
  | "metrics" // lib/observability/metrics.ts: counters and histograms
  | "throttle-attempts" // lib/throttle/attempts.ts: failed attempts not yet written
  | "throttle-blocks" // lib/throttle/blocks.ts: addresses blocked until a time
  | "token-owners" // lib/players/token-owners.ts: the player behind each token seen authenticated
  | "wallet-lane" // lib/runtime/wallet-lane.ts: the thread that serves WALLET_PORT
  | "stream-lane"; // lib/runtime/stream-lane.ts: the process that serves handed-over event streams

const REGISTRY = Symbol.for("room-lobby.process-state");
type Registry = Map<StateName, unknown>;
const registry = (): Registry => ((globalThis as { [REGISTRY]?: Registry })[REGISTRY] ??= new Map());

/**
 * The process's one value under `name`, made by `create` the first time anything asks. A `create`
 * that throws stores nothing: the next caller tries again.
 */
export function processState<T>(name: StateName, create: () => T): T {
  const states = registry();
  if (!states.has(name)) states.set(name, create());
  return states.get(name) as T;
}

/** The names made so far: for tests. */
export const processStateNames = (): StateName[] => [...registry().keys()];

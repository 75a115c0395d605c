import "server-only";
import type { Executor } from "@/db/client";
import { log } from "@/lib/observability/log";
import { processState } from "@/lib/process/state";
import { applicationName, db } from "@/lib/runtime/database";
import { lanePlayers } from "@/lib/runtime/stream-lane";
import { startHeartbeat, type Heartbeat } from "./heartbeat";
import { liveSubscribers } from "./hub";
import { countOthersOnline, removePresence, savePresence } from "./presence-queries";

// Players online across instances. Each instance knows its own streams (lib/live/subscribers.ts) and
// writes their count of distinct players to its row every PRESENCE_EVERY_MS: one small write per
// instance, whatever the streams do (a reconnect storm of thousands of lobbies writes nothing more).
// The answer is this instance's count now plus the other instances' rows seen lately, so it is exact
// for this instance and at most one period behind for the others. A player with streams on two
// instances (two tabs behind a balancer) is counted on each: the instances do not share who is online.

/** How often an instance writes its count. */
export const PRESENCE_EVERY_MS = 10_000;
/** A row older than this is an instance gone without saying so (three periods missed): not counted. */
export const PRESENCE_FRESH_SECONDS = 30;
/** A row older than this is removed by whichever instance writes next. */
const PRESENCE_FORGET_SECONDS = 600;

const presence = () => processState("presence", (): { heartbeat?: Heartbeat } => ({}));

/**
 * Starts writing this instance's count, once; stopped by stopPresence on shutdown. `then` runs after
 * each write, on the same beat (the lobby's counts are shared with the streams from there).
 */
export function startPresence(then: (database: Executor) => Promise<void> = async () => {}): void {
  const p = presence();
  if (p.heartbeat) return;
  const instanceId = applicationName();
  p.heartbeat = startHeartbeat(
    async () => {
      const database = await db();
      await savePresence(database, { instanceId, playersOnline: playersHere(), forgetAfterSeconds: PRESENCE_FORGET_SECONDS });
      await then(database);
    },
    { everyMs: PRESENCE_EVERY_MS, onError: (error) => log("warn", "players online could not be written", { error: String(error) }) },
  );
}

/** Stops the writes and removes this instance's row, so that its players stop counting at once. */
export async function stopPresence(): Promise<void> {
  const p = presence();
  const heartbeat = p.heartbeat;
  if (!heartbeat) return;
  p.heartbeat = undefined;
  await heartbeat.stop();
  await removePresence(await db(), applicationName());
}

/**
 * Distinct players with a stream open on this instance now: in this process and in its stream lanes
 * (lib/runtime/stream-lane.ts), which hold them all unless none served when they connected.
 */
export const playersHere = (): number => liveSubscribers().players + lanePlayers();

/** Distinct players with a stream open on this instance now, plus those the other instances wrote lately. */
export async function playersOnline(database: Executor): Promise<number> {
  const others = await countOthersOnline(database, { instanceId: applicationName(), freshSeconds: PRESENCE_FRESH_SECONDS });
  return playersHere() + others;
}

import "server-only";
import type { Executor } from "@/db/client";
import { cachedRead } from "@/lib/rooms/list-cache";
import { processState } from "@/lib/process/state";
import { countRooms } from "@/lib/rooms/queries";
import { toLaneLobbies } from "@/lib/runtime/stream-lane";
import type { LobbyCounts } from "./contract";
import { liveSubscribers } from "./hub";
import { playersHere, playersOnline } from "./presence";

/**
 * GET /v1/lobby/counts data, and the `counts` event's: players online (lib/live/presence.ts) and rooms playing in every
 * currency, summed from the room tallies. The tally sum is the list's own total for status=playing,
 * shared by every caller until the next room change (lib/rooms/list-cache.ts).
 */
export async function lobbyCounts(db: Executor): Promise<LobbyCounts> {
  const [online, playing] = await Promise.all([
    playersOnline(db),
    cachedRead("lobby-counts:tables_playing", undefined, () => countRooms(db, { status: "playing" })),
  ]);
  return { players_online: online, tables_playing: playing.value.total };
}

/**
 * Reads the counts and, when they changed since last time, sends them to every lobby's stream on
 * this instance (`event: counts`): one read per instance per presence beat (lib/live/presence.ts), where
 * each lobby asking for them would be thousands of reads a minute on a busy instance.
 */
export async function shareLobbyCounts(db: Executor): Promise<void> {
  // No lobby open here, no one to tell: an instance nobody watches reads nothing for them (a new
  // lobby reads them itself when it opens).
  if (playersHere() === 0) return;
  const counts = await lobbyCounts(db);
  const shared = processState("lobby-counts", (): { last?: LobbyCounts } => ({}));
  if (shared.last?.players_online === counts.players_online && shared.last.tables_playing === counts.tables_playing) return;
  shared.last = counts;
  liveSubscribers().toLobbies("counts", counts);
  // The lanes' lobbies too: the instance's counts are read here once, whichever process holds a stream.
  toLaneLobbies("counts", counts);
}

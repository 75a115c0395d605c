import "server-only";
import type { Executor } from "@/db/client";
import { cachedRead } from "@/lib/rooms/list-cache";
import { countRooms } from "@/lib/rooms/queries";
import type { LobbyCounts } from "./contract";
import { playersOnline } from "./presence";

/**
 * GET /v1/lobby/counts data: players online (lib/live/presence.ts) and rooms playing in every
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

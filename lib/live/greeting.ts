import type { Executor } from "@/db/client";
import type { PlayerRow } from "@/db/schema";
import { errorReason } from "@/db/errors";
import { findPlayerById } from "@/lib/ledger/queries";
import { log } from "@/lib/observability/log";
import { toPlayerInfo } from "@/lib/players/present";
import { listRooms } from "@/lib/rooms/list-rooms";
import { ListRoomsQuery } from "@/lib/rooms/schemas";
import { LONGEST_LIST_QUERY, queryObject } from "@/lib/shared/query-string";
import { listOwnTransactions } from "@/lib/wallet/player-history";
import type { EventsQuery, Hello } from "./contract";
import { balanceMayHaveChangedSince } from "./hub";

// The stream's first event: what a lobby shows, read once the stream follows changes, so that a
// lobby coming back after a drop or a restart makes one call instead of one for each thing it shows.
// Every lobby of a reconnect storm asks for the same few pages, which the list cache serves once.

/** The `list` parameter as a room list query, or undefined when it is not a valid one. */
function listQuery(list: string | undefined): ListRoomsQuery | undefined {
  if (list === undefined || list.length > LONGEST_LIST_QUERY) return undefined;
  const read = queryObject(new URLSearchParams(list));
  if (!("query" in read)) return undefined;
  const parsed = ListRoomsQuery.safeParse(read.query);
  return parsed.success ? parsed.data : undefined;
}

/** A part that cannot be read now is left out: the client reads it itself. */
async function part<T>(what: string, read: (() => Promise<T>) | undefined): Promise<T | undefined> {
  if (!read) return undefined;
  try {
    return await read();
  } catch (error) {
    log("warn", "a part of a stream's hello could not be read", { part: what, error: errorReason(error) });
    return undefined;
  }
}

/**
 * Reads the hello for `player`, read by authentication at `playerReadAt`; called once the stream
 * follows changes, so nothing falls between. `mayHaveChanged` tells whether a change to the player was
 * heard since (lib/live/hub.ts); a test passes its own.
 */
export async function greeting(
  db: Executor,
  { player, playerReadAt, origin, query }: { player: PlayerRow; playerReadAt: number; origin: string; query: EventsQuery },
  mayHaveChanged: (playerId: string, since: number) => boolean = balanceMayHaveChangedSince,
): Promise<Hello> {
  const rooms = listQuery(query.list);
  const [now, list, moves] = await Promise.all([
    // The row authentication read came before the stream followed balance changes: it stands unless a
    // change was heard since, which is rare. Read again, a storm's every open would cost a statement more.
    mayHaveChanged(player.id, playerReadAt) ? part("player", () => findPlayerById(db, player.id)) : player,
    part("list", rooms && (() => listRooms(db, { player, query: rooms, origin }))),
    part("moves", query.moves ? () => listOwnTransactions(db, { player, query: { page: 1, limit: query.moves! } }) : undefined),
  ]);
  return { ...(now && { player: toPlayerInfo(now) }), ...(list && { list }), ...(moves && { moves }) };
}

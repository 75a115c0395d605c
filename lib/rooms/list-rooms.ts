import type { Executor } from "@/db/client";
import type { PlayerRow } from "@/db/schema";
import { recordListRead } from "@/lib/observability/metrics";
import { pageInfo, pageOffset } from "@/lib/pagination";
import { cachedRead } from "./list-cache";
import { toRoomResource } from "./present";
import { countRooms, findActiveRoomsOf, findRoomsPage, findSeatsOf, findSeatsOfAtOnce } from "./queries";
import type { ListRoomsQuery, RoomFilters, RoomSort } from "./schemas";

/** At most this many of the caller's own unfinished rooms come back in `active_rooms`. */
export const MAX_ACTIVE_ROOMS = 50;

/**
 * GET /v1/rooms data: a filtered page of rooms, the exact total and the snapshot it was counted in,
 * and the caller's own active rooms. The page is the same for every caller, so it is shared
 * (lib/rooms/list-cache.ts); `after` is the caller's latest room change, which the answer must hold.
 */
export async function listRooms(
  db: Executor,
  { player, query, origin, after }: { player: PlayerRow; query: ListRoomsQuery; origin: string; after?: string },
) {
  const { page, limit, sort, ...filters } = query;
  const [shared, activeRows] = await Promise.all([
    cachedRead(JSON.stringify(query), after, () => sharedPage(db, filters, sort, page, limit)),
    findActiveRoomsOf(db, player.id, MAX_ACTIVE_ROOMS),
  ]);
  recordListRead(shared.served);
  const { total, pageRows, seats, snapshot } = shared.value;
  const onPage = new Set(pageRows.map((r) => r.id));
  const activeSeats = await findSeatsOfAtOnce(db, activeRows.filter((r) => !onPage.has(r.id)).map((r) => r.id));
  return {
    rooms: pageRows.map((r) => toRoomResource(r, seats, origin)),
    active_rooms: activeRows.map((r) => toRoomResource(r, onPage.has(r.id) ? seats : activeSeats, origin)),
    ...pageInfo(total, page, limit),
    snapshot,
  };
}

/**
 * The exact total first (a few tally rows), then only the rooms it says are there. A page past the
 * total reads nothing, and a page asks for no more rows than remain: otherwise a filter that matches
 * few rooms, or none, searches the whole of an index for rows that do not exist (800 ms at a million
 * rooms for currency=JPY&max_bet_amount=1; docs/performance.md).
 */
async function sharedPage(db: Executor, filters: RoomFilters, sort: RoomSort, page: number, limit: number) {
  const offset = pageOffset(page, limit);
  const { total, snapshot } = await countRooms(db, filters);
  const remaining = Math.min(limit, total - offset);
  const pageRows = remaining > 0 ? await findRoomsPage(db, filters, { offset, limit: remaining, sort }) : [];
  return { total, snapshot, pageRows, seats: await findSeatsOf(db, pageRows.map((r) => r.id)) };
}

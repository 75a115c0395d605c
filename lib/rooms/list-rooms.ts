import type { Executor } from "@/db/client";
import type { PlayerRow } from "@/db/schema";
import { pageInfo, pageOffset } from "@/lib/pagination";
import { toRoomResource } from "./present";
import { countRooms, findActiveRoomsOf, findRoomsPage, findSeatsOf } from "./queries";
import type { ListRoomsQuery } from "./schemas";

/** At most this many of the caller's own unfinished rooms come back in `active_rooms`. */
export const MAX_ACTIVE_ROOMS = 50;

/** GET /v1/rooms data: a filtered page of rooms, the exact total, and the caller's own active rooms. */
export async function listRooms(db: Executor, { player, query, origin }: { player: PlayerRow; query: ListRoomsQuery; origin: string }) {
  const { page, limit, ...filters } = query;
  const [pageRows, total, activeRows] = await Promise.all([
    findRoomsPage(db, filters, { offset: pageOffset(page, limit), limit }),
    countRooms(db, filters),
    findActiveRoomsOf(db, player.id, MAX_ACTIVE_ROOMS),
  ]);
  const seats = await findSeatsOf(db, [...new Set([...pageRows, ...activeRows].map((r) => r.id))]);
  return {
    rooms: pageRows.map((r) => toRoomResource(r, seats, origin)),
    active_rooms: activeRows.map((r) => toRoomResource(r, seats, origin)),
    ...pageInfo(total, page, limit),
  };
}

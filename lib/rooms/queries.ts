import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "@/db/client";
import { players, rooms, roomSeats, roomTallies, type RoomRow } from "@/db/schema";
import type { RoomFilters } from "./schemas";

type Filterable = { status: PgColumn; currency: PgColumn; playerLimit: PgColumn; betAmount: PgColumn };

/** The list filters as conditions on any table with the filtered columns: the rooms, or their tallies. */
function filterConditions(table: Filterable, f: RoomFilters): SQL | undefined {
  return and(
    f.status ? eq(table.status, f.status) : undefined,
    f.currency ? eq(table.currency, f.currency) : undefined,
    f.player_limit ? eq(table.playerLimit, f.player_limit) : undefined,
    f.min_bet_amount ? gte(table.betAmount, f.min_bet_amount.toFixed()) : undefined,
    f.max_bet_amount ? lte(table.betAmount, f.max_bet_amount.toFixed()) : undefined,
  );
}

/**
 * One page of rooms, newest first; ties (rooms made in one transaction) broken by id. The page's ids
 * are found first in a covering index (see migration 0004), so a deep page skips its predecessors
 * without reading them from the table; then only the page's own rows are read.
 */
export async function findRoomsPage(
  db: Executor,
  filters: RoomFilters,
  { offset, limit, search }: { offset: number; limit: number; search?: string },
): Promise<RoomRow[]> {
  const page = db
    .select({ id: rooms.id, createdAt: rooms.createdAt })
    .from(rooms)
    .where(and(filterConditions(rooms, filters), searchCondition(search)))
    .orderBy(desc(rooms.createdAt), desc(rooms.id))
    .limit(limit)
    .offset(offset)
    .as("page");
  const rows = await db
    .select({ room: rooms })
    .from(page)
    .innerJoin(rooms, eq(rooms.id, page.id))
    .orderBy(desc(page.createdAt), desc(page.id));
  return rows.map((r) => r.room);
}

/** The admin console's search: a room whose name contains the text, or whose id is it. */
function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(rooms.name, pattern), eq(rooms.id, search));
}

/** Rooms matching filters and a search, counted row by row: for the admin console's searches only (a scan). */
export async function countRoomsSearching(db: Executor, filters: RoomFilters, search: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(rooms).where(and(filterConditions(rooms, filters), searchCondition(search)));
  return row?.n ?? 0;
}

/** Rooms in each status, from the tallies. */
export async function countRoomsByStatus(db: Executor): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: roomTallies.status, rooms: sql<string>`sum(${roomTallies.rooms})` })
    .from(roomTallies)
    .groupBy(roomTallies.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.rooms)]));
}

/** Exact number of rooms that match, summed from the tallies a trigger keeps, never by counting rooms. */
export async function countRooms(db: Executor, filters: RoomFilters): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${roomTallies.rooms}), 0)` })
    .from(roomTallies)
    .where(filterConditions(roomTallies, filters));
  return Number(row?.total ?? 0);
}

/** The room's row, locked until the transaction ends: every change of one room queues here. */
export async function lockRoom(tx: Executor, id: string): Promise<RoomRow | undefined> {
  const [row] = await tx.select().from(rooms).where(eq(rooms.id, id)).for("update");
  return row;
}

export async function findSeat(db: Executor, roomId: string, playerId: string) {
  const [row] = await db.select().from(roomSeats).where(and(eq(roomSeats.roomId, roomId), eq(roomSeats.playerId, playerId)));
  return row;
}

/** Carries out a change that lib/rooms/transitions.ts allowed. */
export async function saveRoomState(tx: Executor, id: string, state: { status: RoomRow["status"]; currentPlayers: number }): Promise<RoomRow> {
  const [row] = await tx
    .update(rooms)
    .set({ status: state.status, currentPlayers: state.currentPlayers, updatedAt: sql`now()` })
    .where(eq(rooms.id, id))
    .returning();
  return row!;
}

export async function findRoomById(db: Executor, id: string): Promise<RoomRow | undefined> {
  const [row] = await db.select().from(rooms).where(eq(rooms.id, id));
  return row;
}

/** Rooms the player holds a seat in that are not finished, newest first: from the active seats' partial index. */
export function findActiveRoomsOf(db: Executor, playerId: string, limit: number) {
  return db
    .select({ room: rooms })
    .from(roomSeats)
    .innerJoin(rooms, eq(rooms.id, roomSeats.roomId))
    .where(and(eq(roomSeats.playerId, playerId), eq(roomSeats.roomActive, true), inArray(rooms.status, ["waiting", "playing"])))
    .orderBy(desc(rooms.createdAt), desc(rooms.id))
    .limit(limit)
    .then((rows) => rows.map((r) => r.room));
}

export interface SeatedPlayer {
  roomId: string;
  playerId: string;
  username: string;
  joinedAt: Date;
}

/**
 * The seated players of the given rooms, in the order they sat down. The username is looked up per
 * seat (a handful of index reads) rather than joined, which the planner may do by hashing all players.
 */
export function findSeatsOf(db: Executor, roomIds: string[]): Promise<SeatedPlayer[]> {
  if (roomIds.length === 0) return Promise.resolve([]);
  const username = sql<string>`(select ${players.username} from ${players} where ${players.id} = ${roomSeats.playerId})`;
  return db
    .select({ roomId: roomSeats.roomId, playerId: roomSeats.playerId, username, joinedAt: roomSeats.joinedAt })
    .from(roomSeats)
    .where(inArray(roomSeats.roomId, roomIds))
    .orderBy(asc(roomSeats.joinedAt), asc(roomSeats.playerId));
}

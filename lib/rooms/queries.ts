import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
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

/** One page of rooms, newest first; ties (rooms made in one transaction) broken by id. */
export function findRoomsPage(db: Executor, filters: RoomFilters, { offset, limit }: { offset: number; limit: number }) {
  return db
    .select()
    .from(rooms)
    .where(filterConditions(rooms, filters))
    .orderBy(desc(rooms.createdAt), desc(rooms.id))
    .limit(limit)
    .offset(offset);
}

/** Exact number of rooms that match, summed from the tallies a trigger keeps, never by counting rooms. */
export async function countRooms(db: Executor, filters: RoomFilters): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${roomTallies.rooms}), 0)` })
    .from(roomTallies)
    .where(filterConditions(roomTallies, filters));
  return Number(row?.total ?? 0);
}

export async function findRoomById(db: Executor, id: string): Promise<RoomRow | undefined> {
  const [row] = await db.select().from(rooms).where(eq(rooms.id, id));
  return row;
}

/** Rooms the player holds a seat in that are not finished, newest first. */
export function findActiveRoomsOf(db: Executor, playerId: string, limit: number) {
  return db
    .select({ room: rooms })
    .from(roomSeats)
    .innerJoin(rooms, eq(rooms.id, roomSeats.roomId))
    .where(and(eq(roomSeats.playerId, playerId), inArray(rooms.status, ["waiting", "playing"])))
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

/** The seated players of the given rooms, in the order they sat down. */
export function findSeatsOf(db: Executor, roomIds: string[]): Promise<SeatedPlayer[]> {
  if (roomIds.length === 0) return Promise.resolve([]);
  return db
    .select({ roomId: roomSeats.roomId, playerId: roomSeats.playerId, username: players.username, joinedAt: roomSeats.joinedAt })
    .from(roomSeats)
    .innerJoin(players, eq(players.id, roomSeats.playerId))
    .where(inArray(roomSeats.roomId, roomIds))
    .orderBy(asc(roomSeats.joinedAt), asc(roomSeats.playerId));
}

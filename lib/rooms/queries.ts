import { and, asc, count, desc, eq, getTableColumns, gte, inArray, lte, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "@/db/client";
import { nameOrIdMatches } from "@/db/name-or-id";
import { coalesced, groupedBy } from "@/db/coalesced";
import { prepared } from "@/db/prepared";
import { players, rooms, roomSeats, roomTallies, roundPots, type RoomRow } from "@/db/schema";
import type { RoomFilters, RoomSort } from "./schemas";

type Filterable = { status: PgColumn; currency: PgColumn; playerLimit: PgColumn; betAmount: PgColumn };

/** The values of the filters that are set, under the names the conditions bind them by. */
function filterValues(f: RoomFilters) {
  const values = {
    status: f.status,
    currency: f.currency,
    player_limit: f.player_limit,
    min_bet_amount: f.min_bet_amount?.toFixed(),
    max_bet_amount: f.max_bet_amount?.toFixed(),
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<typeof values>;
}
type FilterName = keyof ReturnType<typeof filterValues>;
/** How a filter's value goes into SQL: as itself, or as a placeholder of a prepared query. */
type Bind = (name: FilterName, value: string | number) => unknown;
const asValue: Bind = (_, value) => value;
const asPlaceholder: Bind = (name) => sql.placeholder(name);

/** The list filters as conditions on any table with the filtered columns: the rooms, or their tallies. */
function filterConditions(table: Filterable, f: RoomFilters, bind: Bind = asValue): SQL | undefined {
  const v = filterValues(f);
  return and(
    v.status !== undefined ? eq(table.status, bind("status", v.status)) : undefined,
    v.currency !== undefined ? eq(table.currency, bind("currency", v.currency)) : undefined,
    v.player_limit !== undefined ? eq(table.playerLimit, bind("player_limit", v.player_limit)) : undefined,
    v.min_bet_amount !== undefined ? gte(table.betAmount, bind("min_bet_amount", v.min_bet_amount)) : undefined,
    v.max_bet_amount !== undefined ? lte(table.betAmount, bind("max_bet_amount", v.max_bet_amount)) : undefined,
  );
}

/** Free seats, as the `filling` order and its indexes (migration 0013) compute them. */
const freeSeats = sql<number>`${rooms.playerLimit} - ${rooms.currentPlayers}`;

/** The columns a page is ordered by, in a table or a subquery of rooms. */
type OrderColumns = Record<"id" | "createdAt" | "betAmount" | "free", SQLWrapper>;

/** Each sort's order, always ending in newest first and then id, so that pages never overlap. */
function orderBy(sort: RoomSort, c: OrderColumns): SQL[] {
  const newest = [desc(c.createdAt), desc(c.id)];
  switch (sort) {
    case "newest":
      return newest;
    case "bet_asc":
      return [asc(c.betAmount), ...newest];
    // bet_asc read backwards: the same index serves it (among equal bets, oldest first).
    case "bet_desc":
      return [desc(c.betAmount), asc(c.createdAt), asc(c.id)];
    case "filling":
      return [asc(c.free), ...newest];
  }
}

/**
 * One page of rooms in the sort's order. The page's ids are found first in a covering index (see
 * migrations 0004 and 0013), so a deep page skips its predecessors without reading them from the
 * table; then only the page's own rows are read, each by its key. The lateral lookup with its
 * `limit 1` keeps it so under a prepared statement's generic plan, which does not know the page is
 * small and would otherwise hash the whole table (250 ms instead of 1.4 ms at a million rooms;
 * docs/performance.md).
 */
function roomsPageQuery(db: Executor, where: SQL | undefined, sort: RoomSort, offset: unknown, limit: unknown) {
  const page = db
    .select({ id: rooms.id, createdAt: rooms.createdAt, betAmount: rooms.betAmount, free: freeSeats.as("free") })
    .from(rooms)
    .where(where)
    .orderBy(...orderBy(sort, { ...rooms, free: freeSeats }))
    .limit(limit as number)
    .offset(offset as number)
    .as("page");
  const room = db.select().from(rooms).where(eq(rooms.id, page.id)).limit(1).as("room");
  return db.select().from(page).crossJoinLateral(room).orderBy(...orderBy(sort, page));
}

/** A page of the rooms that match the filters and, for the admin console, a search. */
export async function findRoomsPage(
  db: Executor,
  filters: RoomFilters,
  { offset, limit, search, sort = "newest" }: { offset: number; limit: number; search?: string; sort?: RoomSort },
): Promise<RoomRow[]> {
  const rows = search
    ? await roomsPageQuery(db, and(filterConditions(rooms, filters), searchCondition(search)), sort, offset, limit)
    : await pageQueryFor(db, filters, sort).execute({ ...filterValues(filters), offset, limit });
  return rows.map((r) => r.room);
}

/**
 * The lobby list's totals, prepared once for each set of filters in use (at most 32), and its pages,
 * once for each set of filters and sort: the filters' values are placeholders, so that a list call
 * skips Drizzle's query building.
 */
const listQueries = prepared(() => ({ pages: new Map<string, PageQuery>(), totals: new Map<string, TotalQuery>() }));
type PageQuery = ReturnType<typeof preparePage>;
type TotalQuery = ReturnType<typeof prepareTotal>;

const shapeOf = (filters: RoomFilters) => Object.keys(filterValues(filters)).join(",");

function preparePage(db: Executor, filters: RoomFilters, name: string, sort: RoomSort) {
  return roomsPageQuery(db, filterConditions(rooms, filters, asPlaceholder), sort, sql.placeholder("offset"), sql.placeholder("limit")).prepare(`rooms_page:${name}`);
}

// The snapshot the total was counted in: the lobby tells by it which room events it already holds.
function prepareTotal(db: Executor, filters: RoomFilters, name: string) {
  return db
    .select({ total: sql<string>`coalesce(sum(${roomTallies.rooms}), 0)`, snapshot: sql<string>`pg_current_snapshot()::text` })
    .from(roomTallies)
    .where(filterConditions(roomTallies, filters, asPlaceholder))
    .prepare(`rooms_total:${name}`);
}

/** The query kept under `name`, prepared on its first use. */
function kept<Q>(queries: Map<string, Q>, name: string, prepare: (name: string) => Q): Q {
  let query = queries.get(name);
  if (!query) queries.set(name, (query = prepare(name)));
  return query;
}

const pageQueryFor = (db: Executor, filters: RoomFilters, sort: RoomSort): PageQuery =>
  kept(listQueries(db).pages, `${sort}:${shapeOf(filters)}`, (name) => preparePage(db, filters, name, sort));

const totalQueryFor = (db: Executor, filters: RoomFilters): TotalQuery => kept(listQueries(db).totals, shapeOf(filters), (name) => prepareTotal(db, filters, name));

/** The admin console's search: a room whose name contains the text, or whose id is it. */
const searchCondition = (search: string | undefined) => nameOrIdMatches(rooms.name, rooms.id, search);

/** Rooms matching filters and a search, counted row by row: for the admin console's searches only (a scan). */
export async function countRoomsSearching(db: Executor, filters: RoomFilters, search: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(rooms).where(and(filterConditions(rooms, filters), searchCondition(search)));
  return row?.n ?? 0;
}

/**
 * Rooms in each status under the other filters: from the tallies, or, with a search, counted row by
 * row (the admin console's searches only). The status filter itself is left out, so that the counts
 * say how the filtered rooms split.
 */
export async function countRoomsByStatus(db: Executor, { status: _, ...filters }: RoomFilters = {}, search?: string): Promise<Record<string, number>> {
  const rows = search
    ? await db
        .select({ status: rooms.status, rooms: sql<string>`count(*)` })
        .from(rooms)
        .where(and(filterConditions(rooms, filters), searchCondition(search)))
        .groupBy(rooms.status)
    : await db
        .select({ status: roomTallies.status, rooms: sql<string>`sum(${roomTallies.rooms})` })
        .from(roomTallies)
        .where(filterConditions(roomTallies, filters))
        .groupBy(roomTallies.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.rooms)]));
}

/**
 * The money on the tables: the pots' balances summed per currency over the matching rooms that are
 * not finished, as the admin console's totals. (Their rake is recognised only when they settle.)
 * Finished rooms are history, and summing them would read every room ever played.
 */
export async function sumOpenPots(db: Executor, filters: RoomFilters, search?: string) {
  return db
    .select({ currency: rooms.currency, rooms: count(), pot: sql<string>`coalesce(sum(${roundPots.balance}), 0)` })
    .from(rooms)
    .leftJoin(roundPots, eq(roundPots.roundId, rooms.id))
    .where(and(inArray(rooms.status, ["waiting", "playing"]), filterConditions(rooms, filters), searchCondition(search)))
    .groupBy(rooms.currency)
    .orderBy(rooms.currency);
}

/**
 * Exact number of rooms that match, summed from the tallies a trigger keeps, never by counting rooms;
 * with the database snapshot it was counted in.
 */
export async function countRooms(db: Executor, filters: RoomFilters): Promise<{ total: number; snapshot: string }> {
  const [row] = await totalQueryFor(db, filters).execute(filterValues(filters));
  return { total: Number(row?.total ?? 0), snapshot: row!.snapshot };
}

export async function findSeat(db: Executor, roomId: string, playerId: string) {
  const [row] = await db.select().from(roomSeats).where(and(eq(roomSeats.roomId, roomId), eq(roomSeats.playerId, playerId)));
  return row;
}

/** The writing transaction's id, read with a room's row: what `X-Lobby-Write` hands the writer. */
export const roomWithXid = { ...getTableColumns(rooms), xid: sql<string>`pg_current_xact_id()::text` };

/** Carries out a change that lib/rooms/transitions.ts allowed. */
export async function saveRoomState(
  tx: Executor,
  id: string,
  state: { status: RoomRow["status"]; currentPlayers: number },
): Promise<RoomRow & { xid: string }> {
  const [row] = await tx
    .update(rooms)
    .set({ status: state.status, currentPlayers: state.currentPlayers, updatedAt: sql`now()` })
    .where(eq(rooms.id, id))
    .returning(roomWithXid);
  return row!;
}

/** Rooms by id, in no particular order; ids that name no room are left out. */
export function findRoomsByIds(db: Executor, ids: string[]): Promise<RoomRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return roomsByIds(db).execute({ ids });
}

const roomsByIds = prepared((db) =>
  db
    .select()
    .from(rooms)
    .where(sql`${rooms.id} = any(${sql.placeholder("ids")})`)
    .prepare("rooms_by_ids"),
);

const roomById = prepared((db) => db.select().from(rooms).where(eq(rooms.id, sql.placeholder("id"))).prepare("room_by_id"));

export async function findRoomById(db: Executor, id: string): Promise<RoomRow | undefined> {
  const [row] = await roomById(db).execute({ id });
  return row;
}

const activeRoomsOfPlayers = prepared((db) =>
  db
    .select({ playerId: roomSeats.playerId, room: rooms })
    .from(roomSeats)
    .innerJoin(rooms, eq(rooms.id, roomSeats.roomId))
    // The flag as written in the index's predicate, not compared with a parameter: the partial index serves it.
    .where(and(sql`${roomSeats.playerId} = any(${sql.placeholder("playerIds")})`, sql`${roomSeats.roomActive}`, inArray(rooms.status, ["waiting", "playing"])))
    .orderBy(desc(rooms.createdAt), desc(rooms.id))
    .prepare("active_rooms_of_players"),
);

/**
 * Every stream that opens (its hello) and every list read asks for its player's rooms: those of the
 * moment are read in one statement (db/coalesced.ts). All of each player's active seats are read, as
 * a LIMIT per player would read them too, from the active seats' partial index.
 */
const activeRoomsByPlayer = coalesced(async (db, playerIds: string[]) =>
  groupedBy(
    await activeRoomsOfPlayers(db).execute({ playerIds }),
    (row) => row.playerId,
    (row) => row.room,
  ),
);

/** Rooms the player holds a seat in that are not finished, newest first, at most `limit`. */
export async function findActiveRoomsOf(db: Executor, playerId: string, limit: number): Promise<RoomRow[]> {
  return ((await activeRoomsByPlayer(db, [playerId])).get(playerId) ?? []).slice(0, limit);
}

const openRoomsOf = prepared((db) =>
  db
    .select({ open: count() })
    .from(roomSeats)
    // The flag as written in the index's predicate, not compared with a parameter: the partial index serves it.
    .where(and(eq(roomSeats.playerId, sql.placeholder("playerId")), sql`${roomSeats.roomWaiting}`))
    .prepare("open_rooms_of"),
);

/** How many waiting rooms the player holds a seat in: from the waiting seats' partial index (migration 0012). */
export async function countOpenRoomsOf(db: Executor, playerId: string): Promise<number> {
  const [row] = await openRoomsOf(db).execute({ playerId });
  return Number(row?.open ?? 0);
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
  return seatsOf(db).execute({ roomIds });
}

const seatsOf = prepared((db) => {
  const username = sql<string>`(select ${players.username} from ${players} where ${players.id} = ${roomSeats.playerId})`;
  return db
    .select({ roomId: roomSeats.roomId, playerId: roomSeats.playerId, username, joinedAt: roomSeats.joinedAt })
    .from(roomSeats)
    .where(sql`${roomSeats.roomId} = any(${sql.placeholder("roomIds")})`)
    .orderBy(asc(roomSeats.joinedAt), asc(roomSeats.playerId))
    .prepare("seats_of");
});

const seatsByRoom = coalesced(async (db, roomIds: string[]) => groupedBy(await seatsOf(db).execute({ roomIds }), (seat) => seat.roomId));

/**
 * findSeatsOf for reads that come in crowds (the rooms of each stream's hello): the seats asked for in
 * the same moment are read in one statement (db/coalesced.ts). Each room's seats in the order they sat
 * down. It waits a turn of the event loop: not for a transaction that holds locks.
 */
export async function findSeatsOfAtOnce(db: Executor, roomIds: string[]): Promise<SeatedPlayer[]> {
  const found = await seatsByRoom(db, roomIds);
  return roomIds.flatMap((id) => found.get(id) ?? []);
}

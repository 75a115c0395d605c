import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, numeric, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";
import { money, stamp, stampToTheMillisecond } from "./columns";
import { players } from "./players";

export const rooms = pgTable(
  "rooms",
  {
    id: text().primaryKey(),
    name: text().notNull(),
    betAmount: money().notNull(),
    currency: text().notNull(),
    playerLimit: smallint().notNull(),
    currentPlayers: smallint().notNull().default(0),
    status: text({ enum: ["waiting", "playing", "finished"] }).notNull().default("waiting"),
    isIncremental: boolean().notNull().default(false),
    rakePercentage: numeric({ precision: 5, scale: 2 }).notNull().default("0"),
    timeBank: integer().notNull().default(0),
    turn: integer().notNull(),
    createdBy: text().references(() => players.id),
    // The list orders by it, and the lobby orders its live pages by it too (lib/client/room-patch.ts).
    // Made by the default, it is cut to the millisecond (never after updated_at as the API shows
    // both); a value written explicitly is rounded by the column (a JavaScript Date has no more).
    createdAt: stampToTheMillisecond().notNull().default(sql`date_trunc('milliseconds', now())`),
    updatedAt: stamp().notNull().defaultNow(),
  },
  (t) => [
    check("rooms_status_known", sql`${t.status} in ('waiting', 'playing', 'finished')`),
    check("rooms_player_limit_2_or_4", sql`${t.playerLimit} in (2, 4)`),
    check("rooms_seats_within_limit", sql`${t.currentPlayers} between 0 and ${t.playerLimit}`),
    // The list's covering indexes (newest first, with the filtered columns included) are made in
    // migration 0004_list_indexes.sql: Drizzle cannot declare INCLUDE columns. See docs/performance.md.
  ],
);
export type RoomRow = typeof rooms.$inferSelect;

export const roomSeats = pgTable(
  "room_seats",
  {
    roomId: text()
      .notNull()
      .references(() => rooms.id),
    playerId: text()
      .notNull()
      .references(() => players.id),
    joinedAt: stamp().notNull().defaultNow(),
    /** transfer_id of the ledger debit that paid this seat's bet: what the platform refunds. */
    betTransferId: text(),
    /**
     * Whether the room is still unfinished, kept by triggers from the room's status (migration 0005)
     * so that a player's active rooms are found without reading their whole history of seats.
     */
    roomActive: boolean().notNull().default(true),
    /** Whether the room is waiting, kept by the same triggers (migration 0012): a player's open rooms are counted from it. */
    roomWaiting: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.playerId] }),
    index("room_seats_active_by_player").on(t.playerId).where(sql`${t.roomActive}`),
    index("room_seats_waiting_by_player").on(t.playerId).where(sql`${t.roomWaiting}`),
  ],
);
export type RoomSeatRow = typeof roomSeats.$inferSelect;

/**
 * Exact room counts per (status, currency, player_limit, bet_amount), kept by a trigger on `rooms`
 * in the same transaction as every room change. The list's `total` sums the matching tallies
 * instead of counting the rooms table. See docs/architecture.md.
 */
export const roomTallies = pgTable(
  "room_tallies",
  {
    status: text().notNull(),
    currency: text().notNull(),
    playerLimit: smallint().notNull(),
    betAmount: money().notNull(),
    rooms: bigint({ mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.currency, t.playerLimit, t.betAmount] })],
);

import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, numeric, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";
import { money, stamp } from "./columns";
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
    createdAt: stamp().notNull().defaultNow(),
    updatedAt: stamp().notNull().defaultNow(),
  },
  (t) => [
    check("rooms_status_known", sql`${t.status} in ('waiting', 'playing', 'finished')`),
    check("rooms_player_limit_2_or_4", sql`${t.playerLimit} in (2, 4)`),
    check("rooms_seats_within_limit", sql`${t.currentPlayers} between 0 and ${t.playerLimit}`),
    // The list is ordered newest first, ties broken by id; these indexes serve that order
    // unfiltered, by status (the selective filter: most rooms are finished), and by status and currency.
    index("rooms_newest").on(t.createdAt.desc(), t.id.desc()),
    index("rooms_status_newest").on(t.status, t.createdAt.desc(), t.id.desc()),
    index("rooms_status_currency_newest").on(t.status, t.currency, t.createdAt.desc(), t.id.desc()),
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
  },
  (t) => [primaryKey({ columns: [t.roomId, t.playerId] }), index().on(t.playerId)],
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

import { sql } from "drizzle-orm";
import { bigint, bigserial, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { stamp } from "./columns";
import { players } from "./players";
import { rooms } from "./rooms";

/**
 * The platform's outbox: every room change that matters to a game (lib/rooms/events.ts), written
 * in the transaction of the change itself, so none is lost between a commit and its delivery. Pushed
 * to PLATFORM_EVENTS_URL by lib/platform/dispatcher.ts and read by POST /wallet/events.
 */
export const platformEvents = pgTable(
  "platform_events",
  {
    /** Order of writing; within one room, the order of its changes (each change holds the room's lock). */
    id: bigserial({ mode: "number" }).primaryKey(),
    /** The id the platform deduplicates by: the same on every attempt. */
    eventId: text().notNull(),
    /**
     * Order of commit, given after commit (sequenceCommittedEvents, lib/platform/queries.ts): the pull cursor. A later commit
     * always gets a higher number, so a reader that has seen n never misses an event below it.
     */
    seq: bigint({ mode: "number" }),
    roomId: text()
      .notNull()
      .references(() => rooms.id),
    type: text().notNull(),
    /** The event as sent: the same bytes on every attempt. */
    body: text().notNull(),
    occurredAt: stamp().notNull().defaultNow(),
    /** Push delivery: attempts so far, the next one's time, who holds it now, and the last answer. */
    attempts: integer().notNull().default(0),
    nextAttemptAt: stamp().notNull().defaultNow(),
    leasedUntil: stamp(),
    lastAttemptAt: stamp(),
    lastStatus: smallint(),
    lastError: text(),
    deliveredAt: stamp(),
    /** Given up: no 2xx within the delivery window (3 days). The console can send it again. */
    abandonedAt: stamp(),
  },
  (t) => [
    uniqueIndex("platform_events_event_id").on(t.eventId),
    uniqueIndex("platform_events_seq").on(t.seq),
    index("platform_events_unsequenced").on(t.id).where(sql`${t.seq} is null`),
    // A room's events: its seat numbers as room.started gave them (POST /wallet/session).
    index("platform_events_by_room").on(t.roomId, t.id),
    // What push delivery looks at: undelivered events, by room and order.
    index("platform_events_pending").on(t.roomId, t.seq).where(sql`${t.deliveredAt} is null and ${t.abandonedAt} is null`),
  ],
);
export type PlatformEventRow = typeof platformEvents.$inferSelect;

/**
 * A player's session at a room's table: the `{session_id}` of GAME_LAUNCH_URL, which the platform
 * resolves with POST /wallet/session. It names a seat and grants nothing by itself (money moves only
 * by signed calls), so it is kept as issued and handed out again while it has time left.
 */
export const gameSessions = pgTable(
  "game_sessions",
  {
    id: text().primaryKey(),
    playerId: text()
      .notNull()
      .references(() => players.id),
    roomId: text()
      .notNull()
      .references(() => rooms.id),
    createdAt: stamp().notNull().defaultNow(),
    /** Unused sessions expire: each resolve by the platform moves this on. */
    expiresAt: stamp().notNull(),
  },
  (t) => [index().on(t.playerId, t.roomId)],
);
export type GameSessionRow = typeof gameSessions.$inferSelect;

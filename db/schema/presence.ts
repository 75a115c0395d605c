import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { stamp } from "./columns";

/**
 * Each running instance's count of the distinct players with an event stream open on it, written by
 * the instance itself every few seconds (lib/live/presence.ts): how an instance learns the others'
 * players online without a write per stream. A row not seen lately is an instance gone without
 * saying so; it is left out of the sum and removed after a while. One row per instance: a few rows.
 */
export const instancePresence = pgTable("instance_presence", {
  /** The instance's name in pg_stat_activity (lib/runtime/database.ts). */
  instanceId: text().primaryKey(),
  playersOnline: integer().notNull(),
  /** By the database's clock, as is the freshness it is compared with: instances' clocks may differ. */
  seenAt: stamp().notNull(),
});
export type InstancePresenceRow = typeof instancePresence.$inferSelect;

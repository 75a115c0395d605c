import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { stamp } from "./columns";

/**
 * Failed attempts by client address, shared by every instance: the throttle's counters. One row per
 * scope and address, its window opened by the first failure after the last window ended. Only
 * failures are written; a row whose window has ended is useless and is purged.
 */
export const authFailures = pgTable(
  "auth_failures",
  {
    /** What was guessed: player_token, admin_token, admin_sign_in, wallet_signature. */
    scope: text().notNull(),
    address: text().notNull(),
    windowStart: stamp().notNull(),
    failures: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.address] }), index().on(t.windowStart)],
);
export type AuthFailureRow = typeof authFailures.$inferSelect;

import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { stamp } from "./columns";

/**
 * Failed attempts by client address in fixed windows, shared by every instance: the throttle's
 * counters. Only failures are written; a window's row is useless once it ends and is purged.
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
  (t) => [primaryKey({ columns: [t.scope, t.address, t.windowStart] }), index().on(t.windowStart)],
);
export type AuthFailureRow = typeof authFailures.$inferSelect;

import { index, json, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { stamp } from "./columns";

/**
 * Money actions sent with an `Idempotency-Key` (creating, joining and leaving a room) and their first
 * answers, kept 24 hours (lib/idempotency/once.ts). The row is written in the action's own
 * transaction: a key is kept exactly when its action committed, and a repeat gets its answer again.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    // No foreign key to players: checking one would take a share lock on the player's row before the
    // action locks it for update, and two actions of one player could then wait on each other.
    playerId: text().notNull(),
    key: text().notNull(),
    /** What the key was first sent with: the endpoint, its room and its body, hashed. */
    request: text().notNull(),
    /** The first answer, replayed word for word (json keeps it as written). Set before the commit. */
    answer: json(),
    createdAt: stamp().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.key] }), index().on(t.playerId, t.createdAt)],
);

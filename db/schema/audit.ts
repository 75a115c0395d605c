import { bigserial, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { ADMIN_ACTIONS } from "../../lib/admin/actions";
import { stamp } from "./columns";

export { ADMIN_ACTIONS, type AdminAction } from "../../lib/admin/actions";

/** Every action an admin takes on rooms and players: who, what, on what, and when. Written in the action's own transaction. */
export const adminActions = pgTable(
  "admin_actions",
  {
    seq: bigserial({ mode: "number" }).primaryKey(),
    action: text({ enum: ADMIN_ACTIONS }).notNull(),
    /** Who: the admin credential used, and the address the request came from when a proxy says so. */
    actor: text().notNull(),
    source: text(),
    requestId: text().notNull(),
    roomId: text(),
    playerId: text(),
    /** What the action did, e.g. the refunds it made. */
    details: jsonb().notNull(),
    createdAt: stamp().notNull().defaultNow(),
  },
  (t) => [index().on(t.roomId)],
);
export type AdminActionRow = typeof adminActions.$inferSelect;

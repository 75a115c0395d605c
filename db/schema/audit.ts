import { bigserial, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { stamp } from "./columns";

/** What an admin can do, as the audit log names it: one list for the database, the API and the console. */
export const ADMIN_ACTIONS = [
  "close_room",
  "remove_player",
  "create_player",
  "issue_launch_token",
  "revoke_tokens",
  "sign_in",
  "sign_in_failed",
  "sign_out",
  "resend_event",
  "create_operator",
  "disable_operator",
  "create_operator_token",
  "revoke_operator_token",
  "enable_totp",
  "reset_totp",
  "set_limits",
  "set_own_limits",
  "block_player",
  "unblock_player",
  "request_adjustment",
  "apply_adjustment",
  "approve_adjustment",
  "reject_adjustment",
  "add_note",
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/** Every action an admin takes on rooms and players: who, what, on what, and when. Written in the action's own transaction. */
export const adminActions = pgTable(
  "admin_actions",
  {
    seq: bigserial({ mode: "number" }).primaryKey(),
    action: text({ enum: ADMIN_ACTIONS }).notNull(),
    /** Who: the admin credential used, and the address the request came from when a proxy says so. */
    actor: text().notNull(),
    /** The operator who acted (lib/operators), when it was one; null for the owner's ADMIN_TOKEN and the command line. */
    operatorId: text(),
    source: text(),
    requestId: text().notNull(),
    roomId: text(),
    playerId: text(),
    /** What the action did, e.g. the refunds it made. */
    details: jsonb().notNull(),
    createdAt: stamp().notNull().defaultNow(),
  },
  (t) => [index().on(t.roomId), index().on(t.playerId), index().on(t.operatorId)],
);
export type AdminActionRow = typeof adminActions.$inferSelect;

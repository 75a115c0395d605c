import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { money, stamp } from "./columns";
import { players } from "./players";

// The operator's team (lib/operators): the people who use the console, their sessions and API
// tokens. ADMIN_TOKEN is the owner's credential and has no row here.

export const OPERATOR_ROLES = ["viewer", "support", "finance", "admin"] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const operators = pgTable(
  "operators",
  {
    id: text().primaryKey(),
    /** As typed; unique whatever its case, so that "Ann" and "ann" are one person. */
    username: text().notNull(),
    /** scrypt, with its parameters and salt (lib/operators/passwords.ts). */
    passwordHash: text().notNull(),
    role: text({ enum: OPERATOR_ROLES }).notNull(),
    /** Base32 TOTP secret; asked for at sign-in once confirmed with a first code. */
    totpSecret: text(),
    totpConfirmedAt: stamp(),
    /** The 30-second step of the last code taken: a code is taken once (RFC 6238, 5.2), so only a later step's signs in. */
    totpLastStep: bigint({ mode: "number" }),
    /** A disabled operator has no session and no token that works, and cannot sign in. */
    disabledAt: stamp(),
    createdBy: text().notNull(),
    createdAt: stamp().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("operators_username_any_case").on(sql`lower(${t.username})`),
    check("operators_role_known", sql`${t.role} in ('viewer', 'support', 'finance', 'admin')`),
  ],
);
export type OperatorRow = typeof operators.$inferSelect;

/**
 * A console session: the cookie holds a random secret, stored here only as its SHA-256. Signing out
 * ends it for good. The owner's sessions (signed in with ADMIN_TOKEN) have no operator and carry a
 * fingerprint of the token, so that changing ADMIN_TOKEN ends them.
 */
export const operatorSessions = pgTable(
  "operator_sessions",
  {
    secretHash: text().primaryKey(),
    operatorId: text().references(() => operators.id),
    ownerKey: text(),
    expiresAt: stamp().notNull(),
    endedAt: stamp(),
    createdAt: stamp().notNull().defaultNow(),
  },
  (t) => [index().on(t.operatorId), check("operator_sessions_whose", sql`(${t.operatorId} is null) <> (${t.ownerKey} is null)`)],
);
export type OperatorSessionRow = typeof operatorSessions.$inferSelect;

/** An operator's API token, with the operator's role: stored only as its SHA-256, shown once. */
export const operatorTokens = pgTable(
  "operator_tokens",
  {
    tokenHash: text().primaryKey(),
    /** The token's public name, for listing and revoking it. */
    id: text().notNull().unique(),
    operatorId: text()
      .notNull()
      .references(() => operators.id),
    label: text().notNull(),
    revokedAt: stamp(),
    createdAt: stamp().notNull().defaultNow(),
  },
  (t) => [index().on(t.operatorId)],
);
export type OperatorTokenRow = typeof operatorTokens.$inferSelect;

/** What support writes about a player; never changed, never deleted. */
export const playerNotes = pgTable(
  "player_notes",
  {
    seq: bigserial({ mode: "number" }).primaryKey(),
    playerId: text()
      .notNull()
      .references(() => players.id),
    /** The operator's name as it was (or "owner"), and their id when they have one. */
    author: text().notNull(),
    operatorId: text(),
    body: text().notNull(),
    createdAt: stamp().notNull().defaultNow(),
  },
  (t) => [index().on(t.playerId, t.seq)],
);
export type PlayerNoteRow = typeof playerNotes.$inferSelect;

export const ADJUSTMENT_STATUSES = ["pending", "applied", "rejected"] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

/**
 * A balance adjustment: a transfer between the operator's account and the player's. Above
 * ADJUSTMENT_APPROVAL_ABOVE it waits, pending, for a second person; `ledgerEntryId` is its row once applied.
 */
export const adjustments = pgTable(
  "adjustments",
  {
    id: text().primaryKey(),
    playerId: text()
      .notNull()
      .references(() => players.id),
    /** Signed: positive pays the player, negative takes from them. */
    amount: money().notNull(),
    currency: text().notNull(),
    reason: text().notNull(),
    status: text({ enum: ADJUSTMENT_STATUSES }).notNull(),
    requestedBy: text().notNull(),
    requestedByOperatorId: text(),
    decidedBy: text(),
    decidedByOperatorId: text(),
    decidedAt: stamp(),
    ledgerEntryId: text(),
    createdAt: stamp().notNull().defaultNow(),
  },
  (t) => [
    index().on(t.playerId, t.createdAt),
    index("adjustments_pending").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check("adjustments_status_known", sql`${t.status} in ('pending', 'applied', 'rejected')`),
    check("adjustments_not_zero", sql`${t.amount} <> 0`),
  ],
);
export type AdjustmentRow = typeof adjustments.$inferSelect;

/**
 * Responsible gaming: a player's limits, each null when unset. Losses are bets less wins and refunds
 * over the window; self-exclusion refuses every join and create until its time.
 */
export const playerLimits = pgTable("player_limits", {
  playerId: text()
    .primaryKey()
    .references(() => players.id),
  dailyBetLimit: money(),
  lossLimit24h: money("loss_limit_24h"),
  lossLimit7d: money("loss_limit_7d"),
  lossLimit30d: money("loss_limit_30d"),
  selfExcludedUntil: stamp(),
  updatedBy: text().notNull(),
  updatedAt: stamp().notNull().defaultNow(),
});
export type PlayerLimitsRow = typeof playerLimits.$inferSelect;

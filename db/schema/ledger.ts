import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, json, jsonb, numeric, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { money, stamp } from "./columns";
import { players } from "./players";

export const LEDGER_KINDS = ["deposit", "debit", "credit", "refund", "settlement", "adjustment"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * The journal of the double-entry ledger: every movement of money is one immutable row that moves
 * `amount` from one account to another (lib/ledger/accounts.ts names them), so that per currency all
 * accounts sum to zero by construction. A player's real and bonus balances always equal the signed
 * sums of their rows' parts. A settlement row moves a round's pot to the house or the platform and
 * touches no player. Uniqueness that makes transfers exactly-once lives here, in the database: one
 * credit per transfer_id, one debit per transfer_id, one refund per reference_id, and at most one
 * refund of any debit.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    /** The operator-side reference of the movement: the wallet answers it as `casino_transfer_id`. */
    id: text().primaryKey(),
    /** Order of writing: newest first in listings, with no ties. */
    seq: bigserial({ mode: "number" }).notNull().unique(),
    kind: text({ enum: LEDGER_KINDS }).notNull(),
    /** The player whose account is one side of the transfer: none on a settlement. */
    playerId: text().references(() => players.id),
    amount: money().notNull(),
    realAmount: money().notNull(),
    bonusAmount: money().notNull(),
    currency: text().notNull(),
    /** The accounts the amount leaves and enters (lib/ledger/accounts.ts). */
    fromAccount: text().notNull(),
    toAccount: text().notNull(),
    /** The path that made the movement (lib/ledger/causes.ts): recorded, never read off another field. */
    cause: text().notNull(),
    transferId: text().notNull(),
    roundId: text(),
    reason: text().notNull(),
    /** Refunds: the platform's reference of this refund, and the debit it returns. */
    referenceId: text(),
    refundsEntryId: text(),
    /** The player's balances after the movement: none on a settlement. */
    realBalanceAfter: money(),
    bonusBalanceAfter: money(),
    // What the platform sent that matters later.
    requestId: text(),
    sessionId: text(),
    gameCode: text(),
    roundCompleted: boolean(),
    /** The platform's `timestamp` as it sent it: seconds or milliseconds, a fraction included. */
    platformTimestamp: numeric(),
    giftSpin: jsonb(),
    jackpotWins: jsonb(),
    deduction: money(),
    /** The answer given the first time, replayed word for word to an exact repeat (json keeps it as written). */
    response: json(),
    createdAt: stamp().notNull().defaultNow(),
  },
  (t) => [
    check("ledger_kind_known", sql`${t.kind} in ('deposit', 'debit', 'credit', 'refund', 'settlement', 'adjustment')`),
    check("ledger_two_accounts", sql`${t.fromAccount} <> ${t.toAccount}`),
    check(
      "ledger_player_side",
      sql`(${t.kind} = 'settlement') = (${t.playerId} is null) and (${t.playerId} is null) = (${t.realBalanceAfter} is null) and (${t.playerId} is null) = (${t.bonusBalanceAfter} is null)`,
    ),
    check("ledger_parts_add_up", sql`${t.realAmount} >= 0 and ${t.bonusAmount} >= 0 and ${t.realAmount} + ${t.bonusAmount} = ${t.amount}`),
    uniqueIndex("ledger_one_credit_per_transfer").on(t.transferId).where(sql`${t.kind} = 'credit'`),
    uniqueIndex("ledger_one_debit_per_transfer").on(t.transferId).where(sql`${t.kind} = 'debit'`),
    uniqueIndex("ledger_one_refund_per_reference").on(t.referenceId).where(sql`${t.kind} = 'refund'`),
    uniqueIndex("ledger_one_refund_per_debit").on(t.refundsEntryId),
    index("ledger_player_newest").on(t.playerId, t.seq.desc()),
    // A room's money: the admin console shows every row of its round.
    index("ledger_round").on(t.roundId),
    // The daily report and the ledger export read a range of days in the order of writing.
    index("ledger_time").on(t.createdAt, t.seq),
  ],
);
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/**
 * A round's pot: the escrow account its bets go into (`pot:<round_id>`), with its balance kept in
 * the same statement as every row that moves it. Bets in and refunds out until the round completes;
 * then settlement empties it into the house (the rake) and the platform (the rest), once.
 */
export const roundPots = pgTable(
  "round_pots",
  {
    roundId: text().primaryKey(),
    currency: text().notNull(),
    balance: money().notNull(),
    /** Set when the round completed and its pot settled: what went to the house and to the platform. */
    settledAt: stamp(),
    rake: money(),
    toPlatform: money(),
  },
  (t) => [
    check("round_pots_never_negative", sql`${t.balance} >= 0`),
    check("round_pots_settled_whole", sql`(${t.settledAt} is null) = (${t.rake} is null) and (${t.settledAt} is null) = (${t.toPlatform} is null) and (${t.settledAt} is null or ${t.balance} = 0)`),
  ],
);
export type RoundPotRow = typeof roundPots.$inferSelect;

/**
 * Refunds the platform asked for that moved nothing, kept as history: a transfer that is no bet here
 * (refused), or a bet that was already back (answered OK with the refund that returned it). An OK
 * attempt's answer is stored and replayed to its exact repeats; its reference_id is then taken.
 */
export const refundAttempts = pgTable(
  "refund_attempts",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    transferId: text().notNull(),
    referenceId: text().notNull(),
    playerId: text().notNull(),
    amount: money().notNull(),
    currency: text().notNull(),
    roundId: text(),
    statusCode: text().notNull(),
    request: jsonb().notNull(),
    /** OK attempts: the refund that had returned the bet, and the answer given. */
    returnedBy: text(),
    response: json(),
    createdAt: stamp().notNull().defaultNow(),
  },
  (t) => [index().on(t.transferId), uniqueIndex("refund_attempts_one_ok_per_reference").on(t.referenceId).where(sql`${t.statusCode} = 'OK'`)],
);

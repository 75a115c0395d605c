import { and, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "@/db/client";
import { prepared } from "@/db/prepared";
import { ledgerEntries, players, type LedgerKind } from "@/db/schema";

// Players' rows as their balances stand, and the bets of rounds with the refunds that returned them,
// as players, rooms, the wallet and the console read them.

const playerById = prepared((db) =>
  db
    .select()
    .from(players)
    .where(eq(players.id, sql.placeholder("id")))
    .prepare("player_by_id"),
);

/** A player's row as it is now, unlocked: a fresh credit decides from it. */
export async function findPlayerById(db: Executor, id: string) {
  const [row] = await playerById(db).execute({ id });
  return row;
}

export async function findDebitByTransferId(db: Executor, transferId: string) {
  const [row] = await db.select().from(ledgerEntries).where(and(eq(ledgerEntries.kind, "debit"), eq(ledgerEntries.transferId, transferId)));
  return row;
}

export async function findRefundOf(db: Executor, debitEntryId: string) {
  const [row] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.refundsEntryId, debitEntryId));
  return row;
}

/**
 * A round's rows of one kind: found by the round's index (ledger_round), the kind checked on each.
 * `kind || ''` keeps the kind out of the planner's reach: written as `kind = 'credit'`, it lets a
 * partial index over every credit (ledger_one_credit_per_transfer) serve the read, and while the
 * statistics still count the credits from before a burst of them, walking that whole index looks
 * cheaper than the round's index. That plan read every credit for each refund (4 ms a refund at
 * 10,000 credits, and growing with the ledger).
 */
export const ofRound = (roundId: string, kind: LedgerKind) => and(eq(ledgerEntries.roundId, roundId), sql`${ledgerEntries.kind} || '' = ${kind}`);

const refundOfBet = alias(ledgerEntries, "refund_of_bet");

/** The bets (debits) of a round, oldest first, each with the id of the refund that returned it, if any. */
export async function findBetsOfRound(db: Executor, roundId: string) {
  return db
    .select({ bet: ledgerEntries, refundId: refundOfBet.id })
    .from(ledgerEntries)
    .leftJoin(refundOfBet, eq(refundOfBet.refundsEntryId, ledgerEntries.id))
    .where(ofRound(roundId, "debit"))
    .orderBy(asc(ledgerEntries.seq));
}
export type BetOfRound = Awaited<ReturnType<typeof findBetsOfRound>>[number];

/**
 * One page of a round's bets, oldest first by `seq` (unique, so pages neither overlap nor skip), with
 * the refund of each, and the round's total counted in the same statement: one snapshot, so the two
 * always agree. Both read the round through its index (ledger_round); refunds are looked up for the
 * page's bets only. The count is a one-row subquery the page joins, so a page past the end still
 * brings the total.
 */
export async function findBetsPageOfRound(db: Executor, { roundId, offset, limit }: { roundId: string; offset: number; limit: number }) {
  const bets = ofRound(roundId, "debit");
  const counted = db.select({ total: sql<number>`count(*)::int`.as("total") }).from(ledgerEntries).where(bets).as("counted");
  const { seq, id, transferId, playerId, amount, currency } = ledgerEntries;
  const page = db.select({ seq, id, transferId, playerId, amount, currency }).from(ledgerEntries).where(bets).orderBy(asc(seq)).limit(limit).offset(offset).as("page");
  const rows = await db
    .select({ total: counted.total, bet: { transferId: page.transferId, playerId: page.playerId, amount: page.amount, currency: page.currency }, refundId: refundOfBet.id })
    .from(counted)
    .leftJoin(page, sql`true`)
    .leftJoin(refundOfBet, eq(refundOfBet.refundsEntryId, page.id))
    .orderBy(asc(page.seq));
  return { total: Number(rows[0]?.total ?? 0), bets: rows.flatMap(({ bet, refundId }) => (bet ? [{ bet, refundId }] : [])) };
}

/** Whether the player paid a bet in this round and every one of them is back. */
export async function isEveryBetReturned(db: Executor, { roundId, playerId }: { roundId: string; playerId: string }): Promise<boolean> {
  const bets = (await findBetsOfRound(db, roundId)).filter((b) => b.bet.playerId === playerId);
  return bets.length > 0 && bets.every((b) => b.refundId !== null);
}

/** How many bets the player has placed in the round, counted up to `atMost`: the round's index bounds it. */
export async function countBetsInRound(db: Executor, { roundId, playerId, atMost }: { roundId: string; playerId: string; atMost: number }): Promise<number> {
  const bets = db
    .select({ one: sql`1` })
    .from(ledgerEntries)
    .where(and(ofRound(roundId, "debit"), eq(ledgerEntries.playerId, playerId)))
    .limit(atMost)
    .as("bets");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(bets);
  return Number(row?.n ?? 0);
}

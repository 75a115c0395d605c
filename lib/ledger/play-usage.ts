import { and, asc, desc, eq, gt, gte, lt, notExists, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "@/db/client";
import { ledgerEntries } from "@/db/schema";
import { Decimal } from "@/lib/money/decimal";
import { LIMIT_WINDOW_MS, type Counted, type Usage } from "./bet-limits";

// What counts against a player's limits (lib/ledger/bet-limits.ts), read from their ledger rows of the
// window: bets not refunded, and wins. Only the window's rows are read, through the player's index
// (ledger_player_newest, on player and seq), however long the player's history.

/**
 * The longest a money transaction is assumed to run, from its start to its write. A row's created_at
 * is its transaction's start, its seq (one sequence for the whole ledger) the moment it was written: a
 * row of the window can have a smaller seq than a row from before the window only if that older row's
 * transaction ran longer than this (each statement ends within DATABASE_TIMEOUT_MS: seconds).
 */
const LONGEST_TRANSACTION_MS = 60 * 60 * 1000;

const refund = alias(ledgerEntries, "refund");
const older = alias(ledgerEntries, "older");

/**
 * The player's counted rows since `since`: bets with no refund, and wins. Bounded by seq: past the
 * newest row of the whole ledger written more than the longest transaction before `since` (one step
 * back along ledger_time), so that the player's index reads the window and not their whole history.
 */
function counted(db: Executor, playerId: string, since: Date): SQL {
  const floor = new Date(since.getTime() - LONGEST_TRANSACTION_MS);
  const bound = db.select({ seq: older.seq }).from(older).where(lt(older.createdAt, floor)).orderBy(desc(older.createdAt), desc(older.seq)).limit(1);
  const refunded = db.select({ one: sql`1` }).from(refund).where(eq(refund.refundsEntryId, ledgerEntries.id));
  return and(
    eq(ledgerEntries.playerId, playerId),
    gt(ledgerEntries.seq, sql`coalesce((${bound}), 0)`),
    gte(ledgerEntries.createdAt, since),
    or(eq(ledgerEntries.kind, "credit"), and(eq(ledgerEntries.kind, "debit"), notExists(refunded))),
  )!;
}

/**
 * Every limit's usage at `now`, in one statement over `windowMs`: the longest window that matters (a
 * longer window's sum would count only `windowMs` of it).
 */
export async function readUsage(db: Executor, { playerId, now, windowMs = LIMIT_WINDOW_MS.loss_limit_30d }: { playerId: string; now: Date; windowMs?: number }): Promise<Usage> {
  const since = (ms: number) => new Date(now.getTime() - ms);
  const within = (ms: number) => gte(ledgerEntries.createdAt, since(ms));
  const bets = (ms: number) => sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} = 'debit' and ${within(ms)}), 0)`;
  const loss = (ms: number) =>
    sql<string>`coalesce(sum(case when ${ledgerEntries.kind} = 'debit' then ${ledgerEntries.amount} else -${ledgerEntries.amount} end) filter (where ${within(ms)}), 0)`;
  const [row] = await db
    .select({
      daily_bet_limit: bets(LIMIT_WINDOW_MS.daily_bet_limit),
      loss_limit_24h: loss(LIMIT_WINDOW_MS.loss_limit_24h),
      loss_limit_7d: loss(LIMIT_WINDOW_MS.loss_limit_7d),
      loss_limit_30d: loss(LIMIT_WINDOW_MS.loss_limit_30d),
    })
    .from(ledgerEntries)
    .where(counted(db, playerId, since(windowMs)));
  return {
    daily_bet_limit: new Decimal(row!.daily_bet_limit),
    loss_limit_24h: new Decimal(row!.loss_limit_24h),
    loss_limit_7d: new Decimal(row!.loss_limit_7d),
    loss_limit_30d: new Decimal(row!.loss_limit_30d),
  };
}

/** The rows that count over the last `windowMs`, oldest first: when a refused bet would fit (bet-limits.ts, freesUpAt). */
export async function readCounted(db: Executor, { playerId, now, windowMs }: { playerId: string; now: Date; windowMs: number }): Promise<Counted[]> {
  const rows = await db
    .select({ at: ledgerEntries.createdAt, kind: ledgerEntries.kind, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(counted(db, playerId, new Date(now.getTime() - windowMs)))
    .orderBy(asc(ledgerEntries.seq));
  return rows.map((r) => ({ at: r.at, kind: r.kind === "debit" ? "bet" : "win", amount: new Decimal(r.amount) }));
}

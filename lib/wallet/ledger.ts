import { eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { isUniqueViolation } from "@/db/errors";
import { ledgerEntries, players, type LedgerEntryRow, type LedgerKind, type PlayerRow } from "@/db/schema";
import { newId } from "@/lib/ids";
import { Decimal } from "@/lib/money/decimal";
import { signedParts, type Parts } from "./rules";

/** The player's row, locked until the transaction ends: every movement of one player's money queues here. */
export async function lockPlayer(tx: Executor, playerId: string): Promise<PlayerRow | undefined> {
  const [row] = await tx.select().from(players).where(eq(players.id, playerId)).for("update");
  return row;
}

export type Movement = Omit<
  typeof ledgerEntries.$inferInsert,
  "id" | "seq" | "kind" | "playerId" | "amount" | "realAmount" | "bonusAmount" | "currency" | "realBalanceAfter" | "bonusBalanceAfter" | "createdAt"
>;

/**
 * The one place where money moves: changes a locked player's balances by the parts and writes the
 * ledger row that explains it, in the caller's transaction. `respond` builds the answer from the row
 * so that it can be stored with it and replayed to a repeat.
 */
export async function recordMovement(
  tx: Executor,
  {
    player,
    kind,
    parts,
    movement,
    respond,
  }: { player: PlayerRow; kind: LedgerKind; parts: Parts; movement: Movement; respond?: (entry: { id: string; realAfter: Decimal; bonusAfter: Decimal }) => unknown },
): Promise<LedgerEntryRow> {
  const change = signedParts(kind, parts);
  const realAfter = new Decimal(player.realBalance).plus(change.real);
  const bonusAfter = new Decimal(player.bonusBalance).plus(change.bonus);
  const id = newId();
  await tx
    .update(players)
    .set({ realBalance: realAfter.toFixed(), bonusBalance: bonusAfter.toFixed(), updatedAt: sql`now()` })
    .where(eq(players.id, player.id));
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      ...movement,
      id,
      kind,
      playerId: player.id,
      amount: parts.real.plus(parts.bonus).toFixed(),
      realAmount: parts.real.toFixed(),
      bonusAmount: parts.bonus.toFixed(),
      currency: player.currency,
      realBalanceAfter: realAfter.toFixed(),
      bonusBalanceAfter: bonusAfter.toFixed(),
      response: respond?.({ id, realAfter, bonusAfter }) ?? null,
    })
    .returning();
  return entry!;
}

/**
 * Runs a wallet call's work in a transaction that the database itself cuts off at the deadline
 * (statement and lock timeouts), so a timed-out call has certainly committed nothing. When a
 * concurrent call registered the same transfer between this one's check and its insert, the unique
 * index refuses the insert; the work then runs once more and finds that transfer.
 */
export async function walletTransaction<T>(db: Executor, deadlineMs: number, work: (tx: Executor) => Promise<T>): Promise<T> {
  const attempt = () =>
    db.transaction(async (tx) => {
      const ms = String(Math.floor(deadlineMs));
      await tx.execute(sql`select set_config('statement_timeout', ${ms}, true), set_config('lock_timeout', ${ms}, true)`);
      return work(tx);
    });
  try {
    return await attempt();
  } catch (error) {
    if (isUniqueViolation(error)) return attempt();
    throw error;
  }
}

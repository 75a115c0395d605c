import { count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Transaction } from "./contract";
import type { Executor } from "@/db/client";
import { ledgerEntries, type LedgerEntryRow } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { isWellFormedId } from "@/lib/ids";
import { balanceText, formatMoney } from "@/lib/money/amount";
import { pageInfo, pageOffset, pageQuery } from "@/lib/pagination";
import type { LedgerCause } from "@/lib/ledger/causes";
import { findPlayerById } from "@/lib/ledger/queries";

export const ListTransactionsQuery = z.strictObject(pageQuery);
export type ListTransactionsQuery = z.output<typeof ListTransactionsQuery>;

/** A ledger row as the admin API shows it. */
export function toTransaction(e: LedgerEntryRow): z.input<typeof Transaction> {
  const money = (amount: string) => formatMoney(amount, e.currency);
  return {
    casino_transfer_id: e.id,
    kind: e.kind,
    cause: e.cause as LedgerCause,
    from_account: e.fromAccount,
    to_account: e.toAccount,
    amount: money(e.amount),
    real_amount: money(e.realAmount),
    bonus_amount: money(e.bonusAmount),
    currency: e.currency,
    transfer_id: e.transferId,
    round_id: e.roundId,
    reference_id: e.referenceId,
    reason: e.reason,
    round_completed: e.roundCompleted,
    // A settlement moves no player's money: it leaves no player's balance to show.
    balance_after: e.realBalanceAfter === null || e.bonusBalanceAfter === null ? null : balanceText({ real: e.realBalanceAfter, bonus: e.bonusBalanceAfter }, e.currency),
    real_balance_after: e.realBalanceAfter === null ? null : money(e.realBalanceAfter),
    bonus_balance_after: e.bonusBalanceAfter === null ? null : money(e.bonusBalanceAfter),
    created_at: e.createdAt.toISOString(),
  };
}

/** GET /v1/admin/players/{player_id}/transactions data: the player's ledger, newest first. */
export async function listTransactions(db: Executor, { playerId, query }: { playerId: string; query: ListTransactionsQuery }) {
  const player = isWellFormedId(playerId) ? await findPlayerById(db, playerId) : undefined;
  if (!player) throw new AppError("player_not_found", `No player has the id "${playerId}".`);
  const { page, limit } = query;
  const [rows, [counted]] = await Promise.all([
    db.select().from(ledgerEntries).where(eq(ledgerEntries.playerId, player.id)).orderBy(desc(ledgerEntries.seq)).limit(limit).offset(pageOffset(page, limit)),
    db.select({ total: count() }).from(ledgerEntries).where(eq(ledgerEntries.playerId, player.id)),
  ]);
  return { transactions: rows.map(toTransaction), ...pageInfo(counted!.total, page, limit) };
}

import { count, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { PlayerTransaction } from "./contract";
import type { Executor } from "@/db/client";
import { ledgerEntries, rooms, type LedgerEntryRow, type PlayerRow } from "@/db/schema";
import { balanceText, formatMoney } from "@/lib/money/amount";
import { pageInfo, pageOffset } from "@/lib/pagination";
import type { ListTransactionsQuery } from "./list-transactions";
import type { MovementCause } from "@/lib/ledger/causes";
import { playerAccount } from "@/lib/ledger/accounts";
import type { PlayerMovementKind } from "@/lib/ledger/rules";

/** A ledger row as its player reads it: what moved, why, in which room, and what was left. Every row of a player's is a movement of theirs. */
function toPlayerTransaction(e: LedgerEntryRow, room: { id: string; name: string } | null): z.input<typeof PlayerTransaction> {
  return {
    id: e.id,
    kind: e.kind as PlayerMovementKind,
    direction: e.fromAccount === playerAccount(e.playerId!) ? "out" : "in",
    cause: e.cause as MovementCause,
    amount: formatMoney(e.amount, e.currency),
    currency: e.currency,
    reason: e.reason,
    room,
    round_id: e.roundId,
    balance_after: balanceText({ real: e.realBalanceAfter!, bonus: e.bonusBalanceAfter! }, e.currency),
    created_at: e.createdAt.toISOString(),
  };
}

/** GET /v1/player/transactions data: the caller's own ledger, newest first, with each row's room. */
export async function listOwnTransactions(db: Executor, { player, query }: { player: PlayerRow; query: ListTransactionsQuery }) {
  const { page, limit } = query;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ entry: ledgerEntries, room: { id: rooms.id, name: rooms.name } })
      .from(ledgerEntries)
      .leftJoin(rooms, eq(rooms.id, ledgerEntries.roundId))
      .where(eq(ledgerEntries.playerId, player.id))
      .orderBy(desc(ledgerEntries.seq))
      .limit(limit)
      .offset(pageOffset(page, limit)),
    db.select({ total: count() }).from(ledgerEntries).where(eq(ledgerEntries.playerId, player.id)),
  ]);
  return { transactions: rows.map((r) => toPlayerTransaction(r.entry, r.room)), ...pageInfo(counted!.total, page, limit) };
}

import { and, eq, inArray, isNull, ne, or, sql, sum } from "drizzle-orm";
import type { z } from "zod";
import type { RoomResult } from "./contract";
import type { Executor } from "@/db/client";
import { ledgerEntries, players } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { isWellFormedId } from "@/lib/ids";
import { formatMoney } from "@/lib/money/amount";
import { Decimal } from "@/lib/money/decimal";
import { ofRound } from "@/lib/ledger/queries";
import { findRoomById } from "./queries";

/** One player's movements of one kind, summed, with the seq of the first of them. */
interface Movements {
  playerId: string;
  name: string;
  kind: string;
  total: string | null;
  first: number;
}

// Players' rows only: the inner join with players leaves out the round's settlement.
const moved = {
  playerId: players.id,
  name: players.username,
  kind: ledgerEntries.kind,
  total: sum(ledgerEntries.amount),
  first: sql<number>`min(${ledgerEntries.seq})`.mapWith(Number),
};

/** The round's own rows, by the index on round_id (ledger_round). */
function roundMovements(db: Executor, roomId: string): Promise<Movements[]> {
  return db
    .select(moved)
    .from(ledgerEntries)
    .innerJoin(players, eq(players.id, ledgerEntries.playerId))
    .where(eq(ledgerEntries.roundId, roomId))
    .groupBy(players.id, players.username, ledgerEntries.kind);
}

/**
 * Refunds of the round's bets that the platform wrote under another round id (or none): the round's
 * debits by ledger_round, then their refunds by ledger_one_refund_per_debit. Those under the round's
 * own id are the first read's.
 */
function refundsUnderOtherRounds(db: Executor, roomId: string): Promise<Movements[]> {
  const bets = db.select({ id: ledgerEntries.id }).from(ledgerEntries).where(ofRound(roomId, "debit"));
  return db
    .select(moved)
    .from(ledgerEntries)
    .innerJoin(players, eq(players.id, ledgerEntries.playerId))
    .where(and(inArray(ledgerEntries.refundsEntryId, bets), eq(ledgerEntries.kind, "refund"), or(isNull(ledgerEntries.roundId), ne(ledgerEntries.roundId, roomId))))
    .groupBy(players.id, players.username, ledgerEntries.kind);
}

/**
 * GET /v1/rooms/{room_id}/result data: what each player put in and got back in the room's round.
 * Bets are the round's debits; payouts its credits (the platform's wins); refunds those of the
 * round and those that returned one of its bets under another round id. Players in the order they
 * first moved money in the room. `final` once the room is finished: until then more may come.
 *
 * Two reads, not one with an OR: under `round_id = room OR refunds_entry_id IN (...)` no index serves
 * the second side, so PostgreSQL reads every refund in the ledger, or the whole ledger (a sequential
 * scan of 1.2 million rows in production). The reads share no row (the second leaves out the round's
 * own id), so summing them counts each movement once.
 */
export async function getRoomResult(db: Executor, { roomId }: { roomId: string }): Promise<z.input<typeof RoomResult>> {
  const room = isWellFormedId(roomId) ? await findRoomById(db, roomId) : undefined;
  if (!room) throw new AppError("room_not_found", `No room has the id "${roomId}".`);
  const [own, elsewhere] = await Promise.all([roundMovements(db, room.id), refundsUnderOtherRounds(db, room.id)]);

  const byPlayer = new Map<string, { name: string; first: number; bet: Decimal; won: Decimal; refunded: Decimal }>();
  for (const r of [...own, ...elsewhere]) {
    const entry = byPlayer.get(r.playerId) ?? { name: r.name, first: r.first, bet: new Decimal(0), won: new Decimal(0), refunded: new Decimal(0) };
    const total = new Decimal(r.total ?? 0);
    entry.first = Math.min(entry.first, r.first);
    if (r.kind === "debit") entry.bet = entry.bet.plus(total);
    else if (r.kind === "credit") entry.won = entry.won.plus(total);
    else if (r.kind === "refund") entry.refunded = entry.refunded.plus(total);
    byPlayer.set(r.playerId, entry);
  }
  const money = (d: Decimal) => formatMoney(d, room.currency);
  return {
    room_id: room.id,
    status: room.status,
    final: room.status === "finished",
    currency: room.currency,
    players: [...byPlayer]
      .sort(([, a], [, b]) => a.first - b.first)
      .map(([playerId, p]) => ({
        player_id: playerId,
        name: p.name,
        bet: money(p.bet),
        won: money(p.won),
        refunded: money(p.refunded),
        net: money(p.won.plus(p.refunded).minus(p.bet)),
      })),
  };
}

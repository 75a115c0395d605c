import { and, eq, inArray, or, sql, sum } from "drizzle-orm";
import type { z } from "zod";
import type { RoomResult } from "@/lib/api/resources";
import type { Executor } from "@/db/client";
import { ledgerEntries, players } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { isWellFormedId } from "@/lib/ids";
import { formatMoney } from "@/lib/money/amount";
import { Decimal } from "@/lib/money/decimal";
import { findRoomById } from "./queries";

/**
 * GET /v1/rooms/{room_id}/result data: what each player put in and got back in the room's round.
 * Bets are the round's debits; payouts its credits (the platform's wins); refunds those of the
 * round and those that returned one of its bets under another round id. Players in the order they
 * first moved money in the room. `final` once the room is finished: until then more may come.
 */
export async function getRoomResult(db: Executor, { roomId }: { roomId: string }): Promise<z.input<typeof RoomResult>> {
  const room = isWellFormedId(roomId) ? await findRoomById(db, roomId) : undefined;
  if (!room) throw new AppError("room_not_found", `No room has the id "${roomId}".`);
  const bets = db.select({ id: ledgerEntries.id }).from(ledgerEntries).where(and(eq(ledgerEntries.roundId, room.id), eq(ledgerEntries.kind, "debit")));
  const rows = await db
    .select({ playerId: ledgerEntries.playerId, name: players.username, kind: ledgerEntries.kind, total: sum(ledgerEntries.amount) })
    .from(ledgerEntries)
    .innerJoin(players, eq(players.id, ledgerEntries.playerId))
    .where(or(eq(ledgerEntries.roundId, room.id), and(eq(ledgerEntries.kind, "refund"), inArray(ledgerEntries.refundsEntryId, bets))))
    .groupBy(ledgerEntries.playerId, players.username, ledgerEntries.kind)
    .orderBy(sql`min(${ledgerEntries.seq})`);

  const byPlayer = new Map<string, { name: string; bet: Decimal; won: Decimal; refunded: Decimal }>();
  for (const r of rows) {
    const entry = byPlayer.get(r.playerId) ?? { name: r.name, bet: new Decimal(0), won: new Decimal(0), refunded: new Decimal(0) };
    const total = new Decimal(r.total ?? 0);
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
    players: [...byPlayer].map(([playerId, p]) => ({
      player_id: playerId,
      name: p.name,
      bet: money(p.bet),
      won: money(p.won),
      refunded: money(p.refunded),
      net: money(p.won.plus(p.refunded).minus(p.bet)),
    })),
  };
}

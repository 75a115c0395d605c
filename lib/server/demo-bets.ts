import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { roomSeats } from "@/db/schema";
import type { NewRoom } from "@/db/seed/insert-rooms";
import { PLATFORM } from "@/lib/ledger/accounts";
import { debitBet } from "@/lib/ledger/debit-bet";
import { lockPlayer, lockRoom } from "@/lib/ledger/locks";
import { recordMovement } from "@/lib/ledger/movements";
import { settlePot } from "@/lib/ledger/pots";
import { newId } from "@/lib/ids";
import { Decimal } from "@/lib/money/decimal";

/**
 * Makes the demo bots' seats real money, through the paths the lobby and the wallet use: each seat's
 * bet taken from its bot into the room's pot; and for a finished room, its round completed as a
 * platform would complete it: the pot settled (the rake to the house, the rest to the platform) and
 * the platform's share paid to one seat as the win. One transaction per room; the rows are stamped
 * when the seed runs, which is when this money moved. `onRoom` reports progress.
 */
export async function placeDemoBets(db: Executor, rooms: NewRoom[], { random = Math.random, onRoom }: { random?: () => number; onRoom?: (done: number) => void } = {}) {
  for (const [i, room] of rooms.entries()) {
    await db.transaction(async (tx) => {
      await lockRoom(tx, room.id);
      // Players in ascending id: the lock order (lib/ledger/locks.ts).
      for (const { playerId } of [...room.seats].sort((a, b) => (a.playerId < b.playerId ? -1 : 1))) {
        const { transferId } = await debitBet(tx, { playerId, amount: new Decimal(room.betAmount), roomId: room.id });
        await tx.update(roomSeats).set({ betTransferId: transferId }).where(and(eq(roomSeats.roomId, room.id), eq(roomSeats.playerId, playerId)));
      }
      if (room.status !== "finished" || room.seats.length === 0) return;
      const pot = await settlePot(tx, { roundId: room.id, rakePercentage: room.rakePercentage ?? "0" });
      const winner = (await lockPlayer(tx, room.seats[Math.floor(random() * room.seats.length)]!.playerId))!;
      const won = new Decimal(pot!.toPlatform!);
      const transferId = `demo-win-${newId()}`;
      await recordMovement(tx, {
        player: winner,
        kind: "credit",
        cause: "win",
        counterpart: PLATFORM,
        parts: { real: won, bonus: new Decimal(0) },
        movement: { transferId, roundId: room.id, reason: "win", roundCompleted: true },
      });
    });
    onRoom?.(i + 1);
  }
}

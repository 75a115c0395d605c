import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { roomSeats } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { isWellFormedId, newId } from "@/lib/ids";
import { toRoomResource } from "@/lib/rooms/present";
import { findSeatsOf, saveRoomState } from "@/lib/rooms/queries";
import { lockPlayer, lockRoom } from "@/lib/ledger/locks";
import { applyChange } from "@/lib/rooms/transitions";
import { recordRoomEnded } from "@/lib/rooms/outbox";
import { findDebitByTransferId, findRefundOf } from "@/lib/ledger/queries";
import { refundBet } from "@/lib/ledger/refund-bet";
import { recordAdminAction, type Actor } from "./audit";
import { refundSummary, type RefundSummary } from "./refund-summary";
import { OWN_REFUND_PREFIX } from "@/lib/ledger/causes";

/**
 * POST /v1/admin/rooms/{room_id}/close: refunds every seated bet not yet refunded (reason
 * `game_error`) and finishes the room, in one transaction with its audit row and the admin's reason.
 */
export async function closeRoom(db: Executor, { roomId, reason, actor, origin }: { roomId: string; reason?: string; actor: Actor; origin: string }) {
  return db.transaction(async (tx) => {
    const room = isWellFormedId(roomId) ? await lockRoom(tx, roomId) : undefined;
    if (!room) throw new AppError("room_not_found", `No room has the id "${roomId}".`);
    const outcome = applyChange(room, { kind: "close" });
    if (!outcome.ok) throw new AppError(outcome.refusal, outcome.message);

    const refunds: RefundSummary[] = [];
    // Players in ascending id, compared as the lock order compares them (lib/ledger/locks.ts), not by
    // the database's collation: two closings never lock the same players in opposite orders.
    const seats = (await tx.select().from(roomSeats).where(eq(roomSeats.roomId, room.id))).sort((a, b) => (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0));
    for (const seat of seats) {
      const debit = seat.betTransferId ? await findDebitByTransferId(tx, seat.betTransferId) : undefined;
      if (!debit) continue;
      // Lock, then look: a platform refund of this bet queues on the same lock, so it is seen here.
      const player = (await lockPlayer(tx, seat.playerId))!;
      if (await findRefundOf(tx, debit.id)) continue;
      const refund = await refundBet(tx, { player, debit, cause: "room_closed", movement: { roundId: room.id, reason: "game_error", referenceId: `${OWN_REFUND_PREFIX.room_closed}${newId()}` } });
      refunds.push(refundSummary(refund));
    }
    const saved = await saveRoomState(tx, room.id, outcome.next);
    // The platform knows only of rooms that started.
    if (room.status === "playing") await recordRoomEnded(tx, { roomId: room.id, reason: "closed_by_admin" });
    await recordAdminAction(tx, { actor, action: "close_room", roomId: room.id, details: { reason: reason ?? null, from: room.status, refunds } });
    return { room: toRoomResource(saved, await findSeatsOf(tx, [room.id]), origin), refunds };
  });
}

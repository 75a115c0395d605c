import type { Executor } from "@/db/client";
import { AppError } from "@/lib/errors";
import { once, type KeyedRequest } from "@/lib/idempotency/once";
import { isWellFormedId, newId } from "@/lib/ids";
import type { WrittenEntry } from "@/lib/ledger/movements";
import { lockPlayer, lockRoom } from "@/lib/ledger/locks";
import { findDebitByTransferId, findRefundOf, isEveryBetReturned } from "@/lib/ledger/queries";
import { OWN_REFUND_PREFIX } from "@/lib/ledger/causes";
import { recordRoomEnded, recordSeatFreed } from "./outbox";
import { refundBet } from "@/lib/ledger/refund-bet";
import { freeSeat } from "./free-seat";
import { toRoomResource } from "./present";
import { findSeat, findSeatsOf } from "./queries";
import { applyChange } from "./transitions";

/** The ledger's reason for the refund of a seat's bet: a removal is not a leave. */
export const SEAT_REFUND_REASON = { player: "player_exit", admin: "admin_removal" } as const;

/**
 * Unseats a player from a waiting room (an admin, from a playing room too) and refunds their bet (reason `player_exit`, or `admin_removal`) through the
 * wallet's own refund, in one transaction; a room left empty is finished. Used by the player
 * leaving (POST /v1/rooms/{room_id}/leave) and by an admin removing them. A player whose bet came
 * back already (a platform refund freed the seat, an admin closed the room) is out: the room is
 * answered as it is, and nothing moves. `by` is the refund's cause (lib/ledger/causes.ts).
 */
export async function leaveRoom(
  db: Executor,
  { playerId, roomId, origin, by = "player", keyed }: { playerId: string; roomId: string; origin: string; by?: "player" | "admin"; keyed?: KeyedRequest },
) {
  return db.transaction((tx) =>
    once(tx, keyed, async () => {
      const room = isWellFormedId(roomId) ? await lockRoom(tx, roomId) : undefined;
      if (!room) throw new AppError("room_not_found", `No room has the id "${roomId}".`);
      const seat = isWellFormedId(playerId) ? await findSeat(tx, room.id, playerId) : undefined;
      const betReturned = isWellFormedId(playerId) && (await isEveryBetReturned(tx, { roundId: room.id, playerId }));
      const outcome = applyChange(room, { kind: "leave", seated: seat !== undefined, betReturned, byAdmin: by === "admin" });
      if (!outcome.ok) throw new AppError(outcome.refusal, outcome.message);
      if (outcome.unchanged) return { room: toRoomResource(room, await findSeatsOf(tx, [room.id]), origin), xid: undefined, refund: undefined };

      const debit = seat!.betTransferId ? await findDebitByTransferId(tx, seat!.betTransferId) : undefined;
      let refund: WrittenEntry | undefined;
      if (debit) {
        // Lock, then look: a platform refund of this bet queues on the same lock, so it is seen here.
        // A bet the platform already refunded is not refunded twice; the seat is freed all the same.
        const player = (await lockPlayer(tx, playerId))!;
        if (!(await findRefundOf(tx, debit.id))) {
          const cause = by === "admin" ? "removed_by_admin" : "left_room";
          const referenceId = `${OWN_REFUND_PREFIX[cause]}${newId()}`;
          refund = await refundBet(tx, { player, debit, cause, movement: { roundId: room.id, reason: SEAT_REFUND_REASON[by], referenceId } });
        }
      }
      // A seat of a started room: the platform is told, with the refund, before the seat goes.
      if (room.status === "playing") {
        await recordSeatFreed(tx, { roomId: room.id, playerId, refund: refund && { amount: refund.amount, reason: SEAT_REFUND_REASON[by] } });
      }
      const saved = await freeSeat(tx, { roomId: room.id, playerId, next: outcome.next });
      if (room.status === "playing" && saved.status === "finished") await recordRoomEnded(tx, { roomId: room.id, reason: "bets_returned" });
      return { room: toRoomResource(saved, await findSeatsOf(tx, [room.id]), origin), xid: saved.xid, refund };
    }),
  );
}

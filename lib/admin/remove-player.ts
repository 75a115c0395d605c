import type { Executor } from "@/db/client";
import { leaveRoom, SEAT_REFUND_REASON } from "@/lib/rooms/leave-room";
import { recordAdminAction, type Actor } from "./audit";
import { refundSummary } from "./refund-summary";

/**
 * POST /v1/admin/rooms/{room_id}/players/{player_id}/remove: the player is unseated and their bet
 * refunded with a reason of its own (`admin_removal`, not a leave), with an audit row that keeps the
 * admin's reason and the refund.
 */
export async function removePlayer(db: Executor, { roomId, playerId, reason, actor, origin }: { roomId: string; playerId: string; reason?: string; actor: Actor; origin: string }) {
  return db.transaction(async (tx) => {
    const left = await leaveRoom(tx, { playerId, roomId, origin, by: "admin" });
    const refund = left.refund ? refundSummary(left.refund) : null;
    await recordAdminAction(tx, { actor, action: "remove_player", roomId, playerId, details: { reason: reason ?? null, refund_reason: SEAT_REFUND_REASON.admin, refund } });
    return { room: left.room, refund };
  });
}

import type { Executor } from "@/db/client";
import { leaveRoom } from "@/lib/rooms/leave-room";
import { recordAdminAction, type Actor } from "./audit";

/** POST /v1/admin/rooms/{room_id}/players/{player_id}/remove: the player leaves as if by their own hand, with an audit row. */
export async function removePlayer(db: Executor, { roomId, playerId, actor, origin }: { roomId: string; playerId: string; actor: Actor; origin: string }) {
  return db.transaction(async (tx) => {
    const { room } = await leaveRoom(tx, { playerId, roomId, origin, by: "admin" });
    await recordAdminAction(tx, { actor, action: "remove_player", roomId, playerId, details: { refund_reason: "player_exit" } });
    return room;
  });
}

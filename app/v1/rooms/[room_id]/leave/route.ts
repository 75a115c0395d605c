import { endpoints } from "@/lib/api/endpoints";
import { roomChanged } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";
import { keyedRequest } from "@/lib/idempotency/once";
import { leaveRoom } from "@/lib/rooms/leave-room";

export * from "@/lib/http/method-not-allowed";

// POST /v1/rooms/{room_id}/leave — give the seat back and get the bet refunded, while the room waits
export const POST = route(endpoints.leaveRoom, async ({ request, db, player, params, origin }) => {
  const keyed = keyedRequest(request, { playerId: player.id });
  return roomChanged(await leaveRoom(db, { playerId: player.id, roomId: params.room_id, origin, keyed }));
});

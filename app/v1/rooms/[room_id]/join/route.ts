import { endpoints } from "@/lib/api/endpoints";
import { roomChanged } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";
import { keyedRequest } from "@/lib/idempotency/once";
import { joinRoom } from "@/lib/rooms/join-room";

export * from "@/lib/http/method-not-allowed";

// POST /v1/rooms/{room_id}/join — take a seat and pay the bet
export const POST = route(endpoints.joinRoom, async ({ request, db, player, params, origin }) => {
  const keyed = keyedRequest(request, { playerId: player.id });
  return roomChanged(await joinRoom(db, { player, roomId: params.room_id, origin, keyed }));
});

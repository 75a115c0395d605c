import { ok, roomChanged } from "@/lib/http/envelope";
import { isXid, LOBBY_AFTER_HEADER } from "@/lib/shared/snapshot";
import { endpoints } from "@/lib/api/endpoints";
import { config } from "@/lib/env";
import { route } from "@/lib/http/route";
import { keyedRequest } from "@/lib/idempotency/once";
import { createRoom } from "@/lib/rooms/create-room";
import { listRooms } from "@/lib/rooms/list-rooms";

export * from "@/lib/http/method-not-allowed";

// GET /v1/rooms — filtered, paginated list of rooms, newest first, with the caller's active rooms
export const GET = route(endpoints.listRooms, async ({ request, db, player, query, origin }) => {
  // Read-your-writes: an unreadable value is ignored, as if not sent.
  const after = request.headers.get(LOBBY_AFTER_HEADER);
  return ok(await listRooms(db, { player, query, origin, after: isXid(after) ? after : undefined }));
});

// POST /v1/rooms — create a room and seat its creator
export const POST = route(endpoints.createRoom, async ({ request, db, player, body, origin }) => {
  const keyed = keyedRequest(request, { playerId: player.id, body });
  const { maxOpenRoomsPerPlayer, roomRakePercentages } = config();
  return roomChanged(await createRoom(db, { player, input: body, origin, maxOpenRooms: maxOpenRoomsPerPlayer, rakePercentages: roomRakePercentages, keyed }));
});

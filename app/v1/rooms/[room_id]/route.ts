import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";
import { getRoom } from "@/lib/rooms/get-room";
import { RoomIdParams } from "@/lib/rooms/schemas";

export * from "@/lib/http/method-not-allowed";

// GET /v1/rooms/{room_id} — one room with its seated players
export const GET = route({ auth: "player", params: RoomIdParams }, async ({ db, params, origin }) =>
  ok(await getRoom(db, { roomId: params.room_id, origin })),
);

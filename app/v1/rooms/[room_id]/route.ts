import { ok } from "@/lib/http/envelope";
import { endpoints } from "@/lib/api/endpoints";
import { config } from "@/lib/env";
import { route } from "@/lib/http/route";
import { getRoom } from "@/lib/rooms/get-room";

export * from "@/lib/http/method-not-allowed";

// GET /v1/rooms/{room_id} — one room with its seated players; the way to its table for a seated player of a playing room
export const GET = route(endpoints.getRoom, async ({ db, params, origin, player }) =>
  ok(await getRoom(db, { roomId: params.room_id, origin, player: player!, platform: config().platform })),
);

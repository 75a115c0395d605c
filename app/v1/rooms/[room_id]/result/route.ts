import { ok } from "@/lib/http/envelope";
import { endpoints } from "@/lib/api/endpoints";
import { route } from "@/lib/http/route";
import { getRoomResult } from "@/lib/rooms/room-result";

export * from "@/lib/http/method-not-allowed";

// GET /v1/rooms/{room_id}/result — what each player bet and got back in the room
export const GET = route(endpoints.roomResult, async ({ db, params }) => ok(await getRoomResult(db, { roomId: params.room_id })));

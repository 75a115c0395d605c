import { getRoomForAdmin } from "@/lib/admin/rooms";
import { endpoints } from "@/lib/api/endpoints";
import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// GET /v1/admin/rooms/{room_id} — the room, and its seats with their bets and refunds
export const GET = route(endpoints.adminRoom, async ({ db, params, origin }) => ok(await getRoomForAdmin(db, { roomId: params.room_id, origin })));

import { closeRoom } from "@/lib/admin/close-room";
import { endpoints } from "@/lib/api/endpoints";
import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// POST /v1/admin/rooms/{room_id}/close — refund every bet and finish the room
export const POST = route(endpoints.closeRoom, async ({ db, params, body, origin, actor }) =>
  ok(await closeRoom(db, { roomId: params.room_id, reason: body.reason, actor, origin })),
);

import { removePlayer } from "@/lib/admin/remove-player";
import { endpoints } from "@/lib/api/endpoints";
import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// POST /v1/admin/rooms/{room_id}/players/{player_id}/remove — unseat a player from a waiting room, bet refunded
export const POST = route(endpoints.removePlayer, async ({ db, params, body, origin, actor }) =>
  ok(await removePlayer(db, { roomId: params.room_id, playerId: params.player_id, reason: body.reason, actor, origin })),
);

import { unblockPlayer } from "@/lib/admin/block-player";
import { endpoints } from "@/lib/api/endpoints";
import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// POST /v1/admin/players/{player_id}/unblock — let the player use the lobby again
export const POST = route(endpoints.unblockPlayer, async ({ db, params, body, actor }) =>
  ok(await unblockPlayer(db, { playerId: params.player_id, reason: body.reason, actor })),
);

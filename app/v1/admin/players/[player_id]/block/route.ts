import { blockPlayer } from "@/lib/admin/block-player";
import { endpoints } from "@/lib/api/endpoints";
import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// POST /v1/admin/players/{player_id}/block — refuse the player's lobby and bets, keep paying what is owed
export const POST = route(endpoints.blockPlayer, async ({ db, params, body, actor }) =>
  ok(await blockPlayer(db, { playerId: params.player_id, reason: body.reason, actor })),
);

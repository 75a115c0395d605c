import { revokePlayerTokens } from "@/lib/admin/player-actions";
import { endpoints } from "@/lib/api/endpoints";
import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// POST /v1/admin/players/{player_id}/tokens/revoke — revoke every launch token of the player
export const POST = route(endpoints.revokeTokens, async ({ db, params, actor }) =>
  ok(await revokePlayerTokens(db, { playerId: params.player_id, actor })),
);

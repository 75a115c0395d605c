import { getPlayerLimits, setPlayerLimits } from "@/lib/admin/player-limits";
import { endpoints } from "@/lib/api/endpoints";
import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// GET /v1/admin/players/{player_id}/limits — a player's limits, and what counts against them now
export const GET = route(endpoints.playerLimits, async ({ db, params }) => ok(await getPlayerLimits(db, { playerId: params.player_id })));

// PUT /v1/admin/players/{player_id}/limits — set a player's limits (the whole set), loosening included
export const PUT = route(endpoints.setPlayerLimits, async ({ db, params, body, actor }) => ok(await setPlayerLimits(db, { playerId: params.player_id, input: body, actor })));

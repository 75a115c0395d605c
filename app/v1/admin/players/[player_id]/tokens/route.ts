import { issueLaunchAddress } from "@/lib/admin/player-actions";
import { created } from "@/lib/http/envelope";
import { endpoints } from "@/lib/api/endpoints";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// POST /v1/admin/players/{player_id}/tokens — issue a launch token and its launch address
export const POST = route(endpoints.issueToken, async ({ db, params, body, origin, actor }) =>
  created(await issueLaunchAddress(db, { playerId: params.player_id, ttlSeconds: body.ttl_seconds, origin, actor })),
);

import { created } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";
import { issueLaunchToken } from "@/lib/players/issue-launch-token";
import { IssueTokenInput, PlayerIdParams } from "@/lib/players/schemas";

export * from "@/lib/http/method-not-allowed";

// POST /v1/admin/players/{player_id}/tokens — issue a launch token and its launch address
export const POST = route(
  { auth: "admin", params: PlayerIdParams, body: IssueTokenInput },
  async ({ db, params, body, origin }) =>
    created(await issueLaunchToken(db, { playerId: params.player_id, ttlSeconds: body.ttl_seconds, origin })),
);

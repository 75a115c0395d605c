import { requestAdjustment } from "@/lib/admin/adjustments";
import { endpoints } from "@/lib/api/endpoints";
import { config } from "@/lib/env";
import { created } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";
import { keyedRequest } from "@/lib/idempotency/once";

export * from "@/lib/http/method-not-allowed";

// POST /v1/admin/players/{player_id}/adjustments — give to or take from a player's balance, or ask a second person to
export const POST = route(endpoints.requestAdjustment, async ({ request, db, params, body, actor }) => {
  // The key is kept with the player the adjustment is for.
  const keyed = keyedRequest(request, { playerId: params.player_id, body });
  return created(await requestAdjustment(db, { playerId: params.player_id, input: body, actor, approvalAbove: config().adjustmentApprovalAbove, keyed }));
});

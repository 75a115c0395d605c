import { takeOperatorToken } from "@/lib/admin/team";
import { endpoints } from "@/lib/api/endpoints";
import { created, ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// POST /v1/admin/operators/{operator_id}/tokens/{token_id}/revoke — the token stops working
export const POST = route(endpoints.revokeOperatorToken, async ({ db, params, actor }) =>
  ok(await takeOperatorToken(db, { operatorId: params.operator_id, tokenId: params.token_id, actor })),
);

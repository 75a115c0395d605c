import { giveOperatorToken, listOperatorTokens } from "@/lib/admin/team";
import { endpoints } from "@/lib/api/endpoints";
import { created, ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// GET /v1/admin/operators/{operator_id}/tokens — the operator's tokens by label, never the tokens themselves
export const GET = route(endpoints.listOperatorTokens, async ({ db, params }) => ok(await listOperatorTokens(db, params.operator_id)));

// POST /v1/admin/operators/{operator_id}/tokens — an API token with the operator's role, shown once
export const POST = route(endpoints.createOperatorToken, async ({ db, params, body, actor }) =>
  created(await giveOperatorToken(db, { operatorId: params.operator_id, label: body.label, actor })),
);

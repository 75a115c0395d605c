import { giveOperatorToken } from "@/lib/admin/team";
import { endpoints } from "@/lib/api/endpoints";
import { created, ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// POST /v1/admin/operators/{operator_id}/tokens — an API token with the operator's role, shown once
export const POST = route(endpoints.createOperatorToken, async ({ db, params, body, actor }) =>
  created(await giveOperatorToken(db, { operatorId: params.operator_id, label: body.label, actor })),
);

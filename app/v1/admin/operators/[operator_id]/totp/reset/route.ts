import { resetOperatorTotp } from "@/lib/admin/team";
import { endpoints } from "@/lib/api/endpoints";
import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// POST /v1/admin/operators/{operator_id}/totp/reset — forget their authenticator app; their sessions end
export const POST = route(endpoints.resetOperatorTotp, async ({ db, params, body, actor }) =>
  ok(await resetOperatorTotp(db, { operatorId: params.operator_id, reason: body.reason, actor })),
);

import { disableOperator } from "@/lib/admin/team";
import { endpoints } from "@/lib/api/endpoints";
import { created, ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// POST /v1/admin/operators/{operator_id}/disable — end their sessions and tokens; no more sign-in
export const POST = route(endpoints.disableOperator, async ({ db, params, body, actor }) =>
  ok(await disableOperator(db, { operatorId: params.operator_id, reason: body.reason, actor })),
);

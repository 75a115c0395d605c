import { rejectAdjustment } from "@/lib/admin/adjustments";
import { endpoints } from "@/lib/api/endpoints";
import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// POST /v1/admin/adjustments/{adjustment_id}/reject — turn down a pending adjustment; nothing moves
export const POST = route(endpoints.rejectAdjustment, async ({ db, params, body, actor }) =>
  ok(await rejectAdjustment(db, { adjustmentId: params.adjustment_id, reason: body.reason, actor })),
);

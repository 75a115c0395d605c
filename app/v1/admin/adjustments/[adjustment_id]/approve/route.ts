import { approveAdjustment } from "@/lib/admin/adjustments";
import { endpoints } from "@/lib/api/endpoints";
import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// POST /v1/admin/adjustments/{adjustment_id}/approve — a second person applies a pending adjustment
export const POST = route(endpoints.approveAdjustment, async ({ db, params, body, actor }) =>
  ok(await approveAdjustment(db, { adjustmentId: params.adjustment_id, reason: body.reason, actor })),
);

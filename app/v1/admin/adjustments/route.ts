import { listAdjustments } from "@/lib/admin/adjustments";
import { endpoints } from "@/lib/api/endpoints";
import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// GET /v1/admin/adjustments — balance adjustments, newest first, by status
export const GET = route(endpoints.listAdjustments, async ({ db, query }) => ok(await listAdjustments(db, query)));

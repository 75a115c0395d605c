import { listAdminActions } from "@/lib/admin/audit";
import { endpoints } from "@/lib/api/endpoints";
import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// GET /v1/admin/audit — admin actions, newest first, paginated
export const GET = route(endpoints.auditLog, async ({ db, query }) => ok(await listAdminActions(db, query)));

import { endpoints } from "@/lib/api/endpoints";
import { dashboard } from "@/lib/dashboard/dashboard";
import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";
import { runReport } from "@/lib/reports/run-report";

export * from "@/lib/http/method-not-allowed";

// GET /v1/admin/dashboard — rooms, money and active players over the last day or thirty days
export const GET = route(endpoints.dashboard, async ({ db, query, request }) =>
  ok(await runReport(db, (tx) => dashboard(tx, query), request.signal)),
);

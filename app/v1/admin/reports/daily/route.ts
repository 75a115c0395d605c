import { endpoints } from "@/lib/api/endpoints";
import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";
import { dailyReport } from "@/lib/reports/daily-report";
import { runReport } from "@/lib/reports/run-report";
import { reportCsv } from "@/lib/reports/days";
import { csvResponse } from "@/lib/http/csv";

export * from "@/lib/http/method-not-allowed";

// GET /v1/admin/reports/daily — the ledger per currency and UTC day, as JSON or CSV
export const GET = route(endpoints.dailyReport, async ({ db, query, request }) => {
  const report = await runReport(db, (tx) => dailyReport(tx, query), request.signal);
  if (query.format === "json") return ok(report);
  const currency = query.currency ? `-${query.currency}` : "";
  return csvResponse(reportCsv(report.days, report.totals), `daily-report-${query.from}-to-${query.to}${currency}.csv`);
});

import { endpoints } from "@/lib/api/endpoints";
import { route } from "@/lib/http/route";
import { csvResponse } from "@/lib/http/csv";
import { ledgerExport } from "@/lib/reports/ledger-export";
import { databaseHandle } from "@/lib/runtime/database";
import { enterReportLane } from "@/lib/runtime/report-lane";

export * from "@/lib/http/method-not-allowed";

// GET /v1/admin/reports/ledger — every movement of a range of UTC days, as CSV, streamed
export const GET = route(endpoints.ledgerExport, async ({ db, query, requestId, request }) => {
  const currency = query.currency ? `-${query.currency}` : "";
  // The lane is held until the last line is sent, or the download is broken off.
  const leave = await enterReportLane(request.signal);
  request.signal.addEventListener("abort", leave, { once: true });
  const readAhead = (await databaseHandle()).kind === "embedded";
  return csvResponse(ledgerExport(db, query, requestId, { readAhead, done: leave }), `ledger-${query.from}-to-${query.to}${currency}.csv`);
});

import { endpoints } from "@/lib/api/endpoints";
import { route } from "@/lib/http/route";
import { csvResponse } from "@/lib/http/csv";
import { ledgerExport } from "@/lib/reports/ledger-export";

export * from "@/lib/http/method-not-allowed";

// GET /v1/admin/reports/ledger — every movement of a range of UTC days, as CSV, streamed
export const GET = route(endpoints.ledgerExport, async ({ db, query, requestId }) => {
  const currency = query.currency ? `-${query.currency}` : "";
  return csvResponse(ledgerExport(db, query, requestId), `ledger-${query.from}-to-${query.to}${currency}.csv`);
});

import { endpoints } from "@/lib/api/endpoints";
import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";
import { checkLedger } from "@/lib/reports/ledger-check";

export * from "@/lib/http/method-not-allowed";

// GET /v1/admin/ledger/check — every consistency check of the ledger, on the live database
export const GET = route(endpoints.ledgerCheck, async ({ db, request }) => ok(await checkLedger(db, request.signal)));

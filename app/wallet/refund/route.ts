import { endpoints } from "@/lib/api/endpoints";
import { walletRoute } from "@/lib/http/wallet-route";
import { applyRefund } from "@/lib/wallet/apply-refund";
import { timestampProblem } from "@/lib/wallet/signature";
import { refusal } from "@/lib/wallet/status-codes";

export * from "@/lib/http/method-not-allowed";

// POST /wallet/refund — the platform returns a bet, at most once per bet and once per reference_id
export const POST = walletRoute(endpoints.refund, async ({ request, db, body, settings }) => {
  const problem = timestampProblem(request.headers.get("x-timestamp"), body.timestamp, Date.now(), settings.wallet.timestampToleranceSeconds);
  if (problem) return refusal("ERR_INTEGRITY_CHECK_FAILED", `${problem}.`);
  return applyRefund(db, { request: body, deadlineMs: settings.wallet.deadlineMs });
});

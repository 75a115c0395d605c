import { endpoints } from "@/lib/api/endpoints";
import { walletRoute } from "@/lib/http/wallet-route";
import { applyRefund } from "@/lib/wallet/apply-refund";
import { timestampProblem } from "@/lib/wallet/signature";

export * from "@/lib/http/method-not-allowed";

// POST /wallet/refund — the platform returns a bet, at most once per bet and once per reference_id
export const POST = walletRoute(endpoints.refund, ({ request, db, body, settings }) =>
  applyRefund(db, {
    request: body,
    deadlineMs: settings.wallet.deadlineMs,
    timestampProblem: timestampProblem(request.headers.get("x-timestamp"), body.timestamp, Date.now(), settings.wallet.timestampToleranceSeconds),
  }),
);

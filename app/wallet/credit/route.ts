import { endpoints } from "@/lib/api/endpoints";
import { walletRoute } from "@/lib/http/wallet-route";
import { applyCredit } from "@/lib/wallet/apply-credit";

export * from "@/lib/http/method-not-allowed";

// POST /wallet/credit — the platform deposits a win, exactly once per transfer_id
export const POST = walletRoute(endpoints.credit, ({ db, body, settings }) =>
  applyCredit(db, { request: body, deadlineMs: settings.wallet.deadlineMs, maxCredit: settings.wallet.maxCredit }),
);

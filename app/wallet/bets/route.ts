import { endpoints } from "@/lib/api/endpoints";
import { walletRoute } from "@/lib/http/wallet-route";
import { listBets } from "@/lib/wallet/list-bets";

export * from "@/lib/http/method-not-allowed";

// POST /wallet/bets — the platform reads the bets of a round: the transfer_ids it may refund
export const POST = walletRoute(endpoints.bets, ({ db, body, settings }) =>
  listBets(db, { roundId: body.round_id, page: body.page, limit: body.limit, deadlineMs: settings.wallet.deadlineMs }),
);

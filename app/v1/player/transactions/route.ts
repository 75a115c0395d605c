import { ok } from "@/lib/http/envelope";
import { endpoints } from "@/lib/api/endpoints";
import { route } from "@/lib/http/route";
import { listOwnTransactions } from "@/lib/wallet/player-history";

export * from "@/lib/http/method-not-allowed";

// GET /v1/player/transactions — the calling player's ledger, newest first, paginated
export const GET = route(endpoints.ownTransactions, async ({ db, player, query }) => ok(await listOwnTransactions(db, { player, query })));

import { ok } from "@/lib/http/envelope";
import { endpoints } from "@/lib/api/endpoints";
import { route } from "@/lib/http/route";
import { listTransactions } from "@/lib/wallet/list-transactions";

export * from "@/lib/http/method-not-allowed";

// GET /v1/admin/players/{player_id}/transactions — the player's ledger, newest first, paginated
export const GET = route(endpoints.playerTransactions, async ({ db, params, query }) =>
  ok(await listTransactions(db, { playerId: params.player_id, query })),
);

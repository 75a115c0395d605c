import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";
import { PlayerIdParams } from "@/lib/players/schemas";
import { listTransactions, ListTransactionsQuery } from "@/lib/wallet/list-transactions";

export * from "@/lib/http/method-not-allowed";

// GET /v1/admin/players/{player_id}/transactions — the player's ledger, newest first, paginated
export const GET = route({ auth: "admin", params: PlayerIdParams, query: ListTransactionsQuery }, async ({ db, params, query }) =>
  ok(await listTransactions(db, { playerId: params.player_id, query })),
);

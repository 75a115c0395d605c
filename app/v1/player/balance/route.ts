import { ok } from "@/lib/http/envelope";
import { endpoints } from "@/lib/api/endpoints";
import { route } from "@/lib/http/route";
import { toBalance } from "@/lib/players/present";

export * from "@/lib/http/method-not-allowed";

// GET /v1/player/balance — the calling player's balance
export const GET = route(endpoints.balance, async ({ player }) => ok(toBalance(player)));

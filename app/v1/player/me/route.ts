import { ok } from "@/lib/http/envelope";
import { endpoints } from "@/lib/api/endpoints";
import { route } from "@/lib/http/route";
import { toPlayerInfo } from "@/lib/players/present";

export * from "@/lib/http/method-not-allowed";

// GET /v1/player/me — the calling player's profile and balance
export const GET = route(endpoints.playerInfo, async ({ player }) => ok(toPlayerInfo(player)));

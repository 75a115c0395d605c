import { findPlayers } from "@/lib/admin/find-players";
import { registerPlayer } from "@/lib/admin/player-actions";
import { created, ok } from "@/lib/http/envelope";
import { endpoints } from "@/lib/api/endpoints";
import { route } from "@/lib/http/route";
import { toAdminPlayer } from "@/lib/players/present";

export * from "@/lib/http/method-not-allowed";

// POST /v1/admin/players — register a player with an opening balance
export const POST = route(endpoints.createPlayer, async ({ db, body, actor }) =>
  created(toAdminPlayer(await registerPlayer(db, { input: body, actor }))),
);

// GET /v1/admin/players — players by name or id, a page at a time
export const GET = route(endpoints.findPlayers, async ({ db, query }) => ok(await findPlayers(db, query)));

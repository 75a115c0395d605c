import { created } from "@/lib/http/envelope";
import { endpoints } from "@/lib/api/endpoints";
import { route } from "@/lib/http/route";
import { createPlayer } from "@/lib/players/create-player";
import { toAdminPlayer } from "@/lib/players/present";

export * from "@/lib/http/method-not-allowed";

// POST /v1/admin/players — register a player with an opening balance
export const POST = route(endpoints.createPlayer, async ({ db, body }) =>
  created(toAdminPlayer(await createPlayer(db, body))),
);

import { created } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";
import { createPlayer } from "@/lib/players/create-player";
import { toAdminPlayer } from "@/lib/players/present";
import { CreatePlayerInput } from "@/lib/players/schemas";

export * from "@/lib/http/method-not-allowed";

// POST /v1/admin/players — register a player with an opening balance
export const POST = route({ auth: "admin", body: CreatePlayerInput }, async ({ db, body }) =>
  created(toAdminPlayer(await createPlayer(db, body))),
);

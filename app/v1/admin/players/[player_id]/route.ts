import { endpoints } from "@/lib/api/endpoints";
import { AppError } from "@/lib/errors";
import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";
import { isWellFormedId } from "@/lib/ids";
import { toAdminPlayer } from "@/lib/players/present";
import { findPlayerById } from "@/lib/ledger/queries";

export * from "@/lib/http/method-not-allowed";

// GET /v1/admin/players/{player_id} — profile and real and bonus balance
export const GET = route(endpoints.adminPlayer, async ({ db, params }) => {
  const player = isWellFormedId(params.player_id) ? await findPlayerById(db, params.player_id) : undefined;
  if (!player) throw new AppError("player_not_found", `No player has the id "${params.player_id}".`);
  return ok(toAdminPlayer(player));
});

import { findAdminPlayer } from "@/lib/admin/admin-player";
import { endpoints } from "@/lib/api/endpoints";
import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// GET /v1/admin/players/{player_id} — profile, real and bonus balance, block, pending adjustments
export const GET = route(endpoints.adminPlayer, async ({ db, params }) => ok(await findAdminPlayer(db, params.player_id)));

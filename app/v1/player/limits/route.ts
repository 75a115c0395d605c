import { endpoints } from "@/lib/api/endpoints";
import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";
import { clientAddressOf } from "@/lib/runtime/client-address";
import { readLimits, setOwnLimits, toPlayerLimits } from "@/lib/players/limits";

export * from "@/lib/http/method-not-allowed";

// GET /v1/player/limits — the calling player's limits, and what counts against them now
export const GET = route(endpoints.ownLimits, async ({ db, player }) => ok(toPlayerLimits(await readLimits(db, { player }))));

// PUT /v1/player/limits — tighten the calling player's limits (the whole set)
export const PUT = route(endpoints.setOwnLimits, async ({ request, requestId, db, player, body }) =>
  ok(await setOwnLimits(db, { player, input: body, from: { requestId, source: clientAddressOf(request) } })),
);

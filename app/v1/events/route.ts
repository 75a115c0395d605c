import { endpoints } from "@/lib/api/endpoints";
import { route } from "@/lib/http/route";
import { eventStream } from "@/lib/live/stream";

export * from "@/lib/http/method-not-allowed";

// GET /v1/events — room changes for everyone, balance changes for the caller only; ends with the token
export const GET = route(endpoints.events, async ({ request, player, tokenExpiresAt, origin }) =>
  eventStream(request, { playerId: player.id, expiresAt: tokenExpiresAt, origin }),
);

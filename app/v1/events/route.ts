import { endpoints } from "@/lib/api/endpoints";
import { route } from "@/lib/http/route";
import { withinDeadline } from "@/lib/deadline";
import { config } from "@/lib/env";
import { greeting } from "@/lib/live/greeting";
import { eventStream } from "@/lib/live/stream";

export * from "@/lib/http/method-not-allowed";

// GET /v1/events — a hello with what the caller shows, then room changes for everyone and balance
// changes for the caller only; ends with the token
export const GET = route(endpoints.events, async ({ request, db, player, playerReadAt, tokenExpiresAt, origin, query }) =>
  eventStream(request, { playerId: player.id, expiresAt: tokenExpiresAt, origin, greeting: () => withinDeadline(greeting(db, { player, playerReadAt, origin, query }), config().databaseTimeoutMs) }),
);

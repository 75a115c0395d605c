import { stillAuthorized } from "@/lib/admin/authorize";
import { endpoints } from "@/lib/api/endpoints";
import { config } from "@/lib/env";
import { route } from "@/lib/http/route";
import { eventStream } from "@/lib/live/stream";

export * from "@/lib/http/method-not-allowed";

// GET /v1/admin/events — every room and balance change, for the admin console, while its credential lasts
export const GET = route(endpoints.adminEvents, async ({ request, db, origin }) =>
  eventStream(request, { origin, stillAllowed: () => stillAuthorized(db, request, config().adminToken, origin) }),
);

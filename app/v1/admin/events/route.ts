import { endpoints } from "@/lib/api/endpoints";
import { route } from "@/lib/http/route";
import { eventStream } from "@/lib/live/stream";

export * from "@/lib/http/method-not-allowed";

// GET /v1/admin/events — every room and balance change, for the admin console
export const GET = route(endpoints.adminEvents, async ({ request, origin }) => eventStream(request, { origin }));

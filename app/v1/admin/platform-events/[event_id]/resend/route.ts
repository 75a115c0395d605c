import { endpoints } from "@/lib/api/endpoints";
import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";
import { resendEvent } from "@/lib/admin/resend-event";

export * from "@/lib/http/method-not-allowed";

// POST /v1/admin/platform-events/{event_id}/resend — send a room event to the platform again
export const POST = route(endpoints.resendPlatformEvent, async ({ db, params, body, actor }) =>
  ok(await resendEvent(db, { eventId: params.event_id, reason: body.reason, actor })),
);

import type { z } from "zod";
import type { Executor } from "@/db/client";
import { AppError } from "@/lib/errors";
import { queueAgain } from "@/lib/platform/queries";
import { recordAdminAction, type Actor } from "./audit";
import type { ResendResult } from "./contract";

/**
 * POST /v1/admin/platform-events/{event_id}/resend: the event goes out again now, with its own
 * event_id (the platform deduplicates), after a platform lost it or once it was given up. Audited.
 */
export async function resendEvent(db: Executor, { eventId, reason, actor }: { eventId: string; reason?: string; actor: Actor }): Promise<z.input<typeof ResendResult>> {
  return db.transaction(async (tx) => {
    const event = eventId.length <= 100 ? await queueAgain(tx, eventId) : undefined;
    if (!event) throw new AppError("event_not_found", `No platform event has the id "${eventId}".`);
    await recordAdminAction(tx, { actor, action: "resend_event", roomId: event.roomId, details: { event_id: eventId, type: event.type, reason: reason ?? null } });
    return { event_id: eventId, queued: true };
  });
}

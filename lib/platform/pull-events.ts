import type { z } from "zod";
import type { Executor } from "@/db/client";
import { readByDeadline } from "@/lib/deadline";
import type { EventsAnswer } from "./contract";
import { findEventsAfter, sequenceCommittedEvents } from "./queries";

/**
 * POST /wallet/events: the events after the cursor, in commit order. What has committed is numbered
 * first, so a page never skips an event that a later page would have to go back for.
 */
export async function pullEvents(db: Executor, { after, limit, deadlineMs }: { after: string | null; limit: number; deadlineMs: number }): Promise<z.input<typeof EventsAnswer>> {
  const deadlineAt = Date.now() + deadlineMs;
  await readByDeadline(sequenceCommittedEvents(db), deadlineAt);
  const from = after === null ? 0 : Number(after);
  const rows = await readByDeadline(findEventsAfter(db, { after: from, limit }), deadlineAt);
  return {
    status_code: "OK",
    message: `${rows.length} ${rows.length === 1 ? "event" : "events"}.`,
    events: rows.map((r) => JSON.parse(r.body) as Record<string, unknown>),
    next: String(rows.at(-1)?.seq ?? from),
  };
}

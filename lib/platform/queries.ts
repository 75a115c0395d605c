import { asc, eq, sql } from "drizzle-orm";
import { rowsOf, type Executor } from "@/db/client";
import { platformEvents } from "@/db/schema";

// Any fixed number: one sequencer at a time, on any instance.
const SEQUENCE_LOCK = 7_114_402;

/**
 * Numbers the committed events that have no number yet, after the highest given, in the order they
 * were written, and returns how many. Under a transaction-scoped advisory lock, so two sequencers
 * take turns; an event that commits later gets a higher number in a later run. That makes `seq` an
 * order of commit: a reader that has seen n never misses an event numbered below it.
 */
export async function sequenceCommittedEvents(db: Executor): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEQUENCE_LOCK})`);
    const rows = rowsOf<{ id: number }>(
      await tx.execute(sql`
        update platform_events e set seq = top.seq + waiting.n
        from (select id, row_number() over (order by id) as n from platform_events where seq is null) waiting,
             (select coalesce(max(seq), 0) as seq from platform_events) top
        where e.id = waiting.id
        returning e.id`),
    );
    return rows.length;
  });
}

/** Sequenced events after the cursor, in commit order. */
export function findEventsAfter(db: Executor, { after, limit }: { after: number; limit: number }) {
  return db
    .select({ seq: sql<number>`${platformEvents.seq}`.mapWith(Number), body: platformEvents.body })
    .from(platformEvents)
    .where(sql`${platformEvents.seq} > ${after}`)
    .orderBy(asc(platformEvents.seq))
    .limit(limit);
}

export interface ClaimedEvent {
  id: number;
  seq: number;
  eventId: string;
  roomId: string;
  body: string;
  attempts: number;
  occurredAt: Date;
  previousAttemptAt: Date | null;
}

/**
 * Takes up to `limit` events that are due for sending, each the oldest undelivered event of its
 * room (so a room's events reach the platform in order), and leases them for `leaseMs`: another
 * instance skips them until the lease ends. An instance that dies holding a lease only delays its
 * events; they are sent again, with the same event_id, once it ends.
 */
export async function claimDueEvents(db: Executor, { limit, leaseMs }: { limit: number; leaseMs: number }): Promise<ClaimedEvent[]> {
  const rows = rowsOf<{ id: string; seq: string; event_id: string; room_id: string; body: string; attempts: number; occurred_at: string | Date; previous_attempt_at: string | Date | null }>(
    await db.execute(sql`
      with due as (
        select e.id, e.last_attempt_at as previous_attempt_at
        from platform_events e
        where e.delivered_at is null and e.abandoned_at is null and e.seq is not null
          and e.next_attempt_at <= now() and (e.leased_until is null or e.leased_until < now())
          and not exists (
            select 1 from platform_events earlier
            where earlier.room_id = e.room_id and earlier.delivered_at is null and earlier.abandoned_at is null and earlier.seq < e.seq)
        order by e.seq
        limit ${limit}
        for update skip locked)
      update platform_events p
      set leased_until = now() + ${leaseMs} * interval '1 millisecond', attempts = p.attempts + 1, last_attempt_at = now()
      from due
      where p.id = due.id
      returning p.id, p.seq, p.event_id, p.room_id, p.body, p.attempts, p.occurred_at, due.previous_attempt_at`),
  );
  const date = (v: string | Date) => (v instanceof Date ? v : new Date(v));
  return rows
    .map((r) => ({
      id: Number(r.id),
      seq: Number(r.seq),
      eventId: r.event_id,
      roomId: r.room_id,
      body: r.body,
      attempts: r.attempts,
      occurredAt: date(r.occurred_at),
      previousAttemptAt: r.previous_attempt_at === null ? null : date(r.previous_attempt_at),
    }))
    .sort((a, b) => a.seq - b.seq);
}

export async function markDelivered(db: Executor, { id, status }: { id: number; status: number }): Promise<void> {
  await db.update(platformEvents).set({ deliveredAt: sql`now()`, leasedUntil: null, lastStatus: status, lastError: null }).where(eq(platformEvents.id, id));
}

export async function markFailed(db: Executor, { id, status, error, nextAttemptAt, abandon }: { id: number; status: number | null; error: string; nextAttemptAt: Date; abandon: boolean }): Promise<void> {
  await db
    .update(platformEvents)
    .set({ leasedUntil: null, lastStatus: status, lastError: error.slice(0, 500), nextAttemptAt, abandonedAt: abandon ? sql`now()` : null })
    .where(eq(platformEvents.id, id));
}

/** Delivery's backlog: events not yet delivered nor given up, and how long ago the oldest happened. */
export async function deliveryBacklog(db: Executor): Promise<{ pending: number; oldestSeconds: number }> {
  const [row] = rowsOf<{ pending: string; oldest: string | null }>(
    await db.execute(sql`
      select count(*) as pending, extract(epoch from now() - min(occurred_at)) as oldest
      from platform_events where delivered_at is null and abandoned_at is null`),
  );
  return { pending: Number(row?.pending ?? 0), oldestSeconds: Number(row?.oldest ?? 0) };
}

/** The newest events, with their delivery, for the console. */
export function findRecentEvents(db: Executor, { limit, undeliveredOnly }: { limit: number; undeliveredOnly: boolean }) {
  const columns = {
    eventId: platformEvents.eventId,
    type: platformEvents.type,
    roomId: platformEvents.roomId,
    occurredAt: platformEvents.occurredAt,
    attempts: platformEvents.attempts,
    lastAttemptAt: platformEvents.lastAttemptAt,
    lastStatus: platformEvents.lastStatus,
    lastError: platformEvents.lastError,
    nextAttemptAt: platformEvents.nextAttemptAt,
    deliveredAt: platformEvents.deliveredAt,
    abandonedAt: platformEvents.abandonedAt,
  };
  const query = db.select(columns).from(platformEvents);
  return (undeliveredOnly ? query.where(sql`${platformEvents.deliveredAt} is null`) : query).orderBy(sql`${platformEvents.id} desc`).limit(limit);
}
export type RecentEvent = Awaited<ReturnType<typeof findRecentEvents>>[number];

/** Puts an event back in line to be sent now, delivered or given up before; false when there is no such event. */
export async function queueAgain(db: Executor, eventId: string): Promise<{ roomId: string; type: string } | undefined> {
  const [row] = await db
    .update(platformEvents)
    .set({ deliveredAt: null, abandonedAt: null, leasedUntil: null, nextAttemptAt: sql`now()` })
    .where(eq(platformEvents.eventId, eventId))
    .returning({ roomId: platformEvents.roomId, type: platformEvents.type });
  return row;
}

/** The platform answered again after failing: every event waiting on a retry is due now. */
export async function makeRetriesDue(db: Executor): Promise<void> {
  await db.execute(sql`update platform_events set next_attempt_at = now() where delivered_at is null and abandoned_at is null and next_attempt_at > now()`);
}

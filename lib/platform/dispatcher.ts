import type { Executor } from "@/db/client";
import { db as openDb } from "@/lib/runtime/database";
import { errorReason } from "@/db/errors";
import { log } from "@/lib/observability/log";
import { signBody } from "@/lib/wallet/signature";
import { afterFailure } from "./backoff";
import { claimDueEvents, makeRetriesDue, markDelivered, markFailed, sequenceCommittedEvents, type ClaimedEvent } from "./queries";
import { processState } from "@/lib/process/state";

// Pushes the outbox to the platform: after commit, in order per room, each event until a 2xx (for
// three days), on every instance at once without two sending the same event (claimDueEvents leases
// it). One loop per process; it never holds more than one of the pool's connections at a time, so
// wallet calls keep theirs.

export interface Delivery {
  url: string;
  secret: string;
  /** Events sent at once, each of a different room. */
  concurrency?: number;
}

/** Longest a platform may take to answer one event. */
const SEND_TIMEOUT_MS = 10_000;
/** A claimed event is another instance's to take again after this: well past one send. */
const LEASE_MS = 30_000;
/** How often an idle loop looks for new events: most events go out within this of their commit. */
const IDLE_POLL_MS = 200;
/** Longest wait between two probes of a platform that is down: how late its return is noticed. */
const OUTAGE_PROBE_MAX_MS = 10_000;

/** Sends one event: the exact stored bytes, signed as the wallet callbacks are. */
export async function sendEvent(delivery: Delivery, event: Pick<ClaimedEvent, "body" | "eventId">): Promise<{ ok: boolean; status: number | null; error: string }> {
  try {
    const answer = await fetch(delivery.url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-signature": signBody(event.body, delivery.secret), "x-timestamp": String(Date.now()), "x-event-id": event.eventId },
      body: event.body,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      redirect: "manual",
    });
    await answer.body?.cancel();
    return { ok: answer.status >= 200 && answer.status < 300, status: answer.status, error: answer.ok ? "" : `answered ${answer.status}` };
  } catch (error) {
    return { ok: false, status: null, error: errorReason(error) };
  }
}

async function deliver(db: Executor, delivery: Delivery, event: ClaimedEvent): Promise<boolean> {
  const sent = await sendEvent(delivery, event);
  if (sent.ok) {
    await markDelivered(db, { id: event.id, status: sent.status! });
    return true;
  }
  const next = afterFailure({ occurredAt: event.occurredAt.getTime(), previousAttemptAt: event.previousAttemptAt?.getTime() ?? null, attempts: event.attempts, now: Date.now() });
  await markFailed(db, { id: event.id, status: sent.status, error: sent.error, nextAttemptAt: new Date(next.nextAttemptAt), abandon: next.giveUp });
  const fields = { event_id: event.eventId, room_id: event.roomId, attempts: event.attempts, status: sent.status, error: sent.error };
  if (next.giveUp) log("error", "platform event given up after three days without a 2xx; send it again from the console", fields);
  else if (next.warn) log("warn", "platform event undelivered for five minutes", fields);
  return false;
}

/**
 * One round: number what has committed, take what is due (at most `limit`), send it. Returns how many
 * were sent and how many failed.
 */
export async function deliverDueEvents(db: Executor, delivery: Delivery, limit = 4 * (delivery.concurrency ?? 32)): Promise<{ delivered: number; failed: number }> {
  await sequenceCommittedEvents(db);
  const due = await claimDueEvents(db, { limit, leaseMs: LEASE_MS });
  let delivered = 0;
  let next = 0;
  const worker = async () => {
    while (next < due.length) if (await deliver(db, delivery, due[next++]!)) delivered++;
  };
  await Promise.all(Array.from({ length: Math.min(delivery.concurrency ?? 32, due.length) }, worker));
  return { delivered, failed: due.length - delivered };
}

interface Dispatcher {
  stop: () => Promise<void>;
}
const store = () => processState("dispatcher", (): { running?: Dispatcher } => ({}));

/** Starts this process's loop, once. It stops with the process (stopDispatcher, on shutdown). */
export function startDispatcher(delivery: Delivery): void {
  if (store().running) return;
  let running = true;
  let wake: (() => void) | undefined;
  const pause = (ms: number) => new Promise<void>((resolve) => ((wake = resolve), setTimeout(resolve, ms).unref()));
  const loop = (async () => {
    // Rounds in a row in which the platform took nothing it was sent: it is down.
    let outage = 0;
    while (running) {
      try {
        const database = await openDb();
        // While down, one event at a time probes it; once it takes one, everything waiting goes at once.
        const { delivered, failed } = await deliverDueEvents(database, delivery, outage > 0 ? 1 : undefined);
        if (delivered > 0 && outage > 0) await makeRetriesDue(database);
        // A round that tried nothing says nothing of the platform: the outage goes on until a 2xx.
        if (delivered > 0) outage = 0;
        else if (failed > 0) outage++;
        if (failed > 0 && delivered === 0) await pause(Math.min(OUTAGE_PROBE_MAX_MS, 250 * 2 ** Math.min(outage, 6)));
        else if (delivered === 0) await pause(IDLE_POLL_MS);
      } catch (error) {
        log("warn", "platform event delivery failed; trying again shortly", { error: errorReason(error) });
        await pause(1000);
      }
    }
  })();
  store().running = {
    stop: async () => {
      running = false;
      wake?.();
      await loop;
    },
  };
}

/** Stops the loop after the round in progress: its leases end by themselves if the process goes first. */
export async function stopDispatcher(): Promise<void> {
  await store().running?.stop();
  store().running = undefined;
}

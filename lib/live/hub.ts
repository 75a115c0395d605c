import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { databaseHandle } from "@/db/client";
import { withinDeadline } from "@/lib/deadline";
import { log } from "@/lib/observability/log";

// One LISTEN per process, fanned out to every open event stream. The database delivers each
// committed change to every instance; each instance hands it to its own subscribers.

export const ROOM_EVENT_TYPES = ["created", "joined", "left", "waiting", "playing", "finished"] as const;

export type LiveEvent =
  | { type: (typeof ROOM_EVENT_TYPES)[number]; room_id: string; status: string; current_players: number }
  | { type: "balance"; player_id: string }
  /** The database connection was lost and is back: changes in between were missed, so refetch. */
  | { type: "resync" };

type Subscriber = (event: LiveEvent) => void;

interface Hub {
  subscribers: Set<Subscriber>;
  listening?: Promise<void>;
}

const store = globalThis as unknown as { __lobbyLiveHub?: Hub };
const hub = (): Hub => (store.__lobbyLiveHub ??= { subscribers: new Set() });

function publish(event: LiveEvent) {
  for (const subscriber of hub().subscribers) subscriber(event);
}

function parse(payload: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

// Every few seconds the hub sends itself a NOTIFY. If it does not come back, the listen was lost
// (the database went away and came back while postgres.js could not listen again): listen anew.
const CHECK_EVERY_MS = 5_000;
const ECHO_WAIT_MS = 3_000;
const ECHO_CHANNEL = "live_echo";

async function startListening() {
  const database = await databaseHandle();
  const echoes = new Map<string, () => void>();
  const handlers = {
    room_events: (payload: string) => {
      const e = parse(payload);
      if (e && ROOM_EVENT_TYPES.includes(e.type as never)) publish(e as LiveEvent);
    },
    balance_events: (payload: string) => {
      const e = parse(payload);
      if (typeof e?.player_id === "string") publish({ type: "balance", player_id: e.player_id });
    },
    [ECHO_CHANNEL]: (payload: string) => echoes.get(payload)?.(),
  };
  // Changes made while the listen was down were missed: subscribers refetch what they show. Once per
  // reconnection, though each channel reports its own.
  let resyncedAt = 0;
  const resync = () => {
    if (Date.now() - resyncedAt < 1000) return;
    resyncedAt = Date.now();
    log("info", "live updates listen again after a lost database connection");
    publish({ type: "resync" });
  };
  let stop = await database.listen(handlers, resync);

  const echoed = async (): Promise<boolean> => {
    const nonce = randomBytes(8).toString("hex");
    const heard = new Promise<boolean>((resolve) => {
      echoes.set(nonce, () => resolve(true));
      setTimeout(() => resolve(false), ECHO_WAIT_MS).unref();
    });
    try {
      await database.db.execute(sql`select pg_notify(${ECHO_CHANNEL}, ${nonce})`);
      return await heard;
    } finally {
      echoes.delete(nonce);
    }
  };
  const check = async () => {
    // A database that cannot be reached cannot be listened to either: the next check tries again.
    const alive = await echoed().catch(() => true);
    if (alive) return;
    log("warn", "live updates stopped arriving; listening again");
    await stop().catch(() => {});
    stop = await database.listen(handlers, resync);
    resync();
  };
  let checking = false;
  setInterval(() => {
    if (checking) return;
    checking = true;
    // Bounded too: a query the driver never settles must not stop the checks for good.
    withinDeadline(check(), 4 * CHECK_EVERY_MS)
      .catch((error) => log("warn", "live updates could not listen again; will retry", { error: String(error) }))
      .finally(() => (checking = false));
  }, CHECK_EVERY_MS).unref();
}

/** Calls `subscriber` with every change from now on; resolves, once listening, to the unsubscribe function. */
export async function subscribe(subscriber: Subscriber): Promise<() => void> {
  const h = hub();
  h.subscribers.add(subscriber);
  h.listening ??= startListening().catch((error) => {
    h.listening = undefined;
    log("error", "live updates could not listen", { error: String(error) });
    throw error;
  });
  await h.listening;
  return () => h.subscribers.delete(subscriber);
}

import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { databaseHandle } from "@/db/client";
import { withinDeadline } from "@/lib/deadline";
import { log } from "@/lib/observability/log";
import { RoomBatcher, parseRoomChange } from "./room-batch";
import { Subscribers, type Subscriber } from "./subscribers";
import { processState } from "@/lib/server/process-state";

// Two LISTENs per process: room changes always, balance and token changes while streams are open.
// The database delivers each committed change to every instance; each instance gathers room changes
// into batches (lib/live/room-batch.ts) and hands each batch, and each player's own balance and
// token changes, to its own event streams (lib/live/subscribers.ts).

interface Hub {
  subscribers: Subscribers;
  batcher: RoomBatcher;
  listening?: Promise<void>;
  /** The listen to balance and token changes, while streams are open; resolves to its stop. */
  playerListen?: Promise<() => Promise<void>>;
  playerListenLinger?: ReturnType<typeof setTimeout>;
  resyncedAt: number;
  /** Called with every room change as it arrives, before its batch: the list cache's invalidation. */
  roomListeners: Set<() => void>;
}

function hub(): Hub {
  return processState("live-hub", (): Hub => {
    const subscribers = new Subscribers();
    return {
      subscribers,
      batcher: new RoomBatcher(
        (message) => subscribers.broadcast(message),
        () => subscribers.resync(),
        () => subscribers.size,
      ),
      roomListeners: new Set(),
      resyncedAt: 0,
    };
  });
}

function parse(payload: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

// Every few seconds a listen sends itself a NOTIFY. If it does not come back, the listen was lost
// (the database went away and came back while postgres.js could not listen again): listen anew.
const CHECK_EVERY_MS = 5_000;
const ECHO_WAIT_MS = 3_000;
const ECHO_CHANNEL = "live_echo";
/** Player channels stay listened to this long after the last stream closes: streams come and go. */
const PLAYER_LISTEN_LINGER_MS = 60_000;

type Database = Awaited<ReturnType<typeof databaseHandle>>;

/** Listens to `handlers` on a connection of its own and keeps doing so; resolves to its stop. */
async function keepListening(database: Database, handlers: Record<string, (payload: string) => void>, resync: () => void) {
  const echoes = new Map<string, () => void>();
  const all = { ...handlers, [ECHO_CHANNEL]: (payload: string) => echoes.get(payload)?.() };
  let stop = await database.listen(all, resync);

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
    stop = await database.listen(all, resync);
    resync();
  };
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    // Bounded too: a query the driver never settles must not stop the checks for good.
    withinDeadline(check(), 4 * CHECK_EVERY_MS)
      .catch((error) => log("warn", "live updates could not listen again; will retry", { error: String(error) }))
      .finally(() => (checking = false));
  }, CHECK_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await stop();
  };
}

/** Changes made while a listen was down were missed: subscribers refetch what they show. */
function resyncAfterLostListen() {
  const h = hub();
  // Once per reconnection, though each channel of each listen reports its own.
  if (Date.now() - h.resyncedAt < 1000) return;
  h.resyncedAt = Date.now();
  log("info", "live updates listen again after a lost database connection");
  for (const listener of h.roomListeners) listener();
  h.subscribers.resync();
}

// Room changes are listened to for as long as the process runs: the list cache needs them too.
async function listenToRooms() {
  const h = hub();
  await keepListening(
    await databaseHandle(),
    {
      room_events: (payload) => {
        const change = parseRoomChange(parse(payload));
        if (!change) return;
        for (const listener of h.roomListeners) listener();
        h.batcher.add(change);
      },
    },
    resyncAfterLostListen,
  );
}

/** Resolves once this process listens to the database's room change notifications. */
export function ensureListening(): Promise<void> {
  const h = hub();
  h.listening ??= listenToRooms().catch((error) => {
    h.listening = undefined;
    log("error", "live updates could not listen", { error: String(error) });
    throw error;
  });
  return h.listening;
}

// Balance and token changes matter only to open streams. Every credit notifies its player's
// balance, and a listening connection costs the database a wake-up per notification: listened to
// only while streams are open here (and a minute after), not under a wallet-only load.
async function listenToPlayers(): Promise<() => Promise<void>> {
  const h = hub();
  return keepListening(
    await databaseHandle(),
    {
      balance_events: (payload) => {
        const e = parse(payload);
        if (typeof e?.player_id === "string") h.subscribers.toPlayer(e.player_id, { type: "balance", player_id: e.player_id });
      },
      token_events: (payload) => {
        const e = parse(payload);
        if (typeof e?.player_id === "string") h.subscribers.closePlayer(e.player_id, "revoked");
      },
    },
    resyncAfterLostListen,
  );
}

function ensureListeningToPlayers(): Promise<unknown> {
  const h = hub();
  clearTimeout(h.playerListenLinger);
  h.playerListen ??= listenToPlayers().catch((error) => {
    h.playerListen = undefined;
    log("error", "live updates could not listen", { error: String(error) });
    throw error;
  });
  return h.playerListen;
}

function stopListeningToPlayersSoon() {
  const h = hub();
  clearTimeout(h.playerListenLinger);
  h.playerListenLinger = setTimeout(() => {
    const listen = h.playerListen;
    if (!listen || h.subscribers.size > 0) return;
    h.playerListen = undefined;
    listen.then((stop) => stop()).catch(() => {});
  }, PLAYER_LISTEN_LINGER_MS);
  h.playerListenLinger.unref();
}

/** The process's event stream subscribers: counted, capped, and reached by room batch or by player. */
export const liveSubscribers = (): Subscribers => hub().subscribers;

/** Adds a subscriber once listening; resolves to the function that removes it. */
export async function subscribe(subscriber: Subscriber): Promise<() => void> {
  await Promise.all([ensureListening(), ensureListeningToPlayers()]);
  const h = hub();
  const remove = h.subscribers.add(subscriber);
  return () => {
    remove();
    if (h.subscribers.size === 0) stopListeningToPlayersSoon();
  };
}

/** Calls `listener` on every room change this process hears of, and on every resync. */
export function onRoomChange(listener: () => void): void {
  hub().roomListeners.add(listener);
}

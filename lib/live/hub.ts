import { log } from "@/lib/observability/log";
import { processState } from "@/lib/process/state";
import { ensureListening, missedRoomChanges, onRoomChange } from "@/lib/rooms/room-changes";
import { databaseHandle } from "@/lib/runtime/database";
import { keepListening } from "@/lib/runtime/listen";
import { HeardLately } from "./heard-lately";
import { RoomBatcher } from "./room-batch";
import { Subscribers, type Subscriber } from "./subscribers";

// Two LISTENs per process: room changes always (lib/rooms/room-changes.ts), balance and token
// changes while streams are open (here). The database delivers each committed change to every
// instance; each instance gathers room changes into batches (lib/live/room-batch.ts) and hands each
// batch, and each player's own balance and token changes, to its own event streams
// (lib/live/subscribers.ts).

interface Hub {
  subscribers: Subscribers;
  batcher: RoomBatcher;
  /** The instance's streams for each one here: the number of stream lanes, in a lane (lib/runtime/stream-lane.ts). */
  share: number;
  /** The listen to balance and token changes, while streams are open; resolves to its stop. */
  playerListen?: Promise<() => Promise<void>>;
  /** Whose balances that listen heard change lately; none while it is not listening. */
  balancesHeard?: HeardLately;
  playerListenLinger?: ReturnType<typeof setTimeout>;
}

function hub(): Hub {
  return processState("live-hub", (): Hub => {
    const subscribers = new Subscribers();
    const h: Hub = {
      subscribers,
      // A batch gathers for as long as the instance's streams, not this process's share of them, call
      // for: each lobby gets the same cadence however many lanes the instance has.
      batcher: new RoomBatcher(
        (message) => subscribers.broadcast(message),
        () => subscribers.resync(),
        () => subscribers.size * h.share,
      ),
      share: 1,
    };
    // Each room change goes into a batch; missed changes make every subscriber refetch.
    onRoomChange((change) => (change ? h.batcher.add(change) : subscribers.resync()));
    return h;
  });
}

function parse(payload: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** Player channels stay listened to this long after the last stream closes: streams come and go. */
const PLAYER_LISTEN_LINGER_MS = 60_000;

// Balance and token changes matter only to open streams. Every credit notifies its player's
// balance, and a listening connection costs the database a wake-up per notification: listened to
// only while streams are open here (and a minute after), not under a wallet-only load.
async function listenToPlayers(): Promise<() => Promise<void>> {
  const h = hub();
  // Set before the listen begins, so that nothing it hears is lost; until the listen is in place it
  // answers "may have changed" for everyone.
  const heard = new HeardLately(performance.now());
  h.balancesHeard = heard;
  const stop = await keepListening(
    await databaseHandle(),
    {
      balance_events: (payload) => {
        const e = parse(payload);
        if (typeof e?.player_id !== "string") return;
        heard.heard(e.player_id, performance.now());
        h.subscribers.toPlayer(e.player_id, { type: "balance", player_id: e.player_id });
      },
      token_events: (payload) => {
        const e = parse(payload);
        // A revoked token (migration 0011's trigger), or a block (lib/admin/block-player.ts), which says so.
        if (typeof e?.player_id === "string") h.subscribers.closePlayer(e.player_id, e.reason === "blocked" ? "blocked" : "revoked");
      },
    },
    () => {
      heard.listening(performance.now());
      missedRoomChanges();
    },
  );
  heard.listening(performance.now());
  return stop;
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
    h.balancesHeard = undefined;
    listen.then((stop) => stop()).catch(() => {});
  }, PLAYER_LISTEN_LINGER_MS);
  h.playerListenLinger.unref();
}

/** In a stream lane: this process holds one of `lanes` equal shares of the instance's streams. */
export function holdShareOfStreams(lanes: number): void {
  hub().share = Math.max(1, lanes);
}

/**
 * Whether the player's balance may have changed since `since` (performance.now()): a change was
 * heard since, or this process was not listening all along. Asked once a stream follows changes.
 */
export const balanceMayHaveChangedSince = (playerId: string, since: number): boolean =>
  hub().balancesHeard?.mayHaveChangedSince(playerId, since, performance.now()) ?? true;

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

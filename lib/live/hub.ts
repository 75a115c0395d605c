import { databaseHandle } from "@/db/client";
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

const CHANNELS = ["room_events", "balance_events"] as const;

async function startListening() {
  const db = await databaseHandle();
  // After the first listen of each channel, a second one means the connection dropped and came back;
  // once every channel listens again, subscribers are told to refetch what they show.
  const listened = new Set<string>();
  const relistened = new Set<string>();
  const onListening = (channel: string) => () => {
    if (!listened.has(channel)) return void listened.add(channel);
    relistened.add(channel);
    if (relistened.size < CHANNELS.length) return;
    relistened.clear();
    log("info", "live updates listen again after a lost database connection");
    publish({ type: "resync" });
  };
  await db.listen(
    "room_events",
    (payload) => {
      const e = parse(payload);
      if (e && ROOM_EVENT_TYPES.includes(e.type as never)) publish(e as LiveEvent);
    },
    onListening("room_events"),
  );
  await db.listen(
    "balance_events",
    (payload) => {
      const e = parse(payload);
      if (typeof e?.player_id === "string") publish({ type: "balance", player_id: e.player_id });
    },
    onListening("balance_events"),
  );
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

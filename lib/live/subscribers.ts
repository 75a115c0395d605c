import type { RoomsMessage } from "./room-batch";

// The event streams open on this instance. Room batches go to every one, in slices that let the
// event loop serve wallet calls between them; balance changes and revocations go only to the
// player's own streams, found by player rather than by asking every stream.

export type CloseReason = "revoked" | "blocked" | "expired" | "slow";

export interface Subscriber {
  /** The player watching; undefined for the admin console, which also sees every balance change. */
  playerId?: string;
  /** The origin of the room addresses this watcher is shown. */
  origin: string;
  /** Queues bytes for the client; false when it is too far behind to keep up. */
  write(bytes: Uint8Array): boolean;
  close(reason: CloseReason): void;
}

/**
 * Milliseconds of writing before the event loop is given back. Each step of a wallet call (its
 * request, each database answer) waits at most this long behind a broadcast, so keep it short.
 */
const SLICE_MS = 2;
/** Writes between looks at the clock. */
const CLOCK_EVERY = 16;
/** Broadcasts waiting their turn past this mean the instance cannot keep up: watchers refetch instead. */
const MAX_QUEUED = 20;
const encoder = new TextEncoder();
const sse = (event: string, data: unknown) => encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class Subscribers {
  constructor(
    /** The clock the slices are measured by; a test passes one it moves itself. */
    private readonly now: () => number = () => performance.now(),
  ) {}

  private all = new Set<Subscriber>();
  private byPlayer = new Map<string, Set<Subscriber>>();
  private admins = new Set<Subscriber>();
  /** Broadcasts in order: a slow one finishes before the next starts. */
  private tail: Promise<void> = Promise.resolve();
  private queued = 0;
  /** Told the number of distinct players each time it changes (the stream lane tells its instance). */
  onPlayers?: (players: number) => void;

  get size() {
    return this.all.size;
  }

  /** Resolves once every broadcast queued so far has been written. */
  drained(): Promise<void> {
    return this.tail;
  }

  /** Distinct players with a stream open here: a player's several tabs are one (the console is none). */
  get players() {
    return this.byPlayer.size;
  }

  countOf(playerId: string) {
    return this.byPlayer.get(playerId)?.size ?? 0;
  }

  add(subscriber: Subscriber): () => void {
    this.all.add(subscriber);
    if (subscriber.playerId === undefined) this.admins.add(subscriber);
    else {
      const own = this.byPlayer.get(subscriber.playerId);
      if (own) own.add(subscriber);
      else {
        this.byPlayer.set(subscriber.playerId, new Set([subscriber]));
        this.onPlayers?.(this.byPlayer.size);
      }
    }
    return () => this.remove(subscriber);
  }

  private remove(subscriber: Subscriber) {
    this.all.delete(subscriber);
    this.admins.delete(subscriber);
    if (subscriber.playerId === undefined) return;
    const own = this.byPlayer.get(subscriber.playerId);
    if (!own?.delete(subscriber) || own.size > 0) return;
    this.byPlayer.delete(subscriber.playerId);
    this.onPlayers?.(this.byPlayer.size);
  }

  broadcast(message: RoomsMessage) {
    this.sliced((s) => message.bytesFor(s.origin));
  }

  resync() {
    const bytes = sse("resync", { type: "resync" });
    this.sliced(() => bytes);
  }

  /** One event to every player's stream, in slices like a room batch; the console's streams have no use for it. */
  toLobbies(name: string, data: unknown) {
    const bytes = sse(name, data);
    this.sliced((s) => (s.playerId === undefined ? undefined : bytes));
  }

  toPlayer(playerId: string, data: unknown) {
    const bytes = sse("balance", data);
    for (const s of [...(this.byPlayer.get(playerId) ?? []), ...this.admins]) this.deliver(s, bytes);
  }

  closePlayer(playerId: string, reason: CloseReason) {
    for (const s of [...(this.byPlayer.get(playerId) ?? [])]) s.close(reason);
  }

  private deliver(s: Subscriber, bytes: Uint8Array) {
    if (!s.write(bytes)) s.close("slow");
  }

  /** Writes to every stream what `bytesOf` gives it (nothing for undefined). */
  private sliced(bytesOf: (s: Subscriber) => Uint8Array | undefined) {
    if (this.queued >= MAX_QUEUED) return;
    this.queued++;
    // The last one queued before the limit tells everyone to refetch, so nothing is silently lost.
    if (this.queued === MAX_QUEUED) bytesOf = () => sse("resync", { type: "resync" });
    this.tail = this.tail.then(async () => {
      const targets = [...this.all];
      let sliceEnds = this.now() + SLICE_MS;
      for (let i = 0; i < targets.length; i++) {
        if (i % CLOCK_EVERY === 0 && i > 0 && this.now() >= sliceEnds) {
          await nextTurn();
          sliceEnds = this.now() + SLICE_MS;
        }
        const s = targets[i]!;
        const bytes = this.all.has(s) ? bytesOf(s) : undefined;
        if (bytes) this.deliver(s, bytes);
      }
      this.queued--;
    });
  }
}

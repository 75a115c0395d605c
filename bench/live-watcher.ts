import { isPassing, MAX_READ_ATTEMPTS, retryDelayMs } from "@/lib/client/backoff";
import { followEvents } from "@/lib/client/event-stream";
import { catchUp, heldPage, parseRoomsEvent, RoomUpdateLog, type HeldPage } from "@/lib/client/room-updates";
import type { Hello, RoomUpdate } from "@/lib/live/contract";
import type { RoomList } from "@/lib/rooms/contract";
import { leanFetch } from "./lean-fetch";

// One player with the lobby open, as the lobby behaves: it follows /v1/events with the lobby's own
// reader, takes its list page from the stream's hello when it connects, patches that page with the lobby's own rules for
// every room batch, backs off as a 503's Retry-After says, and reads a stale page again after a
// random wait. Only the React rendering is left out.
// An "old" watcher is an older or misbehaving client: it re-reads the whole list 500 ms after every
// room event, reads the list when its stream connects, and does not wait when refused.

export type WatcherKind = "lobby" | "old";

function parseHello(data: string): Hello | undefined {
  try {
    return JSON.parse(data) as Hello;
  } catch {
    return undefined;
  }
}
const OLD_CLIENT_REREAD_MS = 500;

/**
 * A room batch's updates, parsed once for every lobby of the process that received the same text (the
 * server sends one text to all). The lobby's rules never change what they are given, so sharing the
 * result changes nothing each lobby does; it saves the simulated browsers a parse each.
 */
const recentBatches = new Map<string, RoomUpdate[] | undefined>();
function parsedBatch(data: string): RoomUpdate[] | undefined {
  if (recentBatches.has(data)) return recentBatches.get(data);
  const updates = parseRoomsEvent(data);
  recentBatches.set(data, updates);
  // A few at a time reach the process at once; the oldest go.
  if (recentBatches.size > 16) recentBatches.delete(recentBatches.keys().next().value!);
  return updates;
}

export interface WatcherCounts {
  listReads: number;
  /** List reads answered 503 overloaded (then asked again later). */
  shed: number;
  /** Event stream connections refused with 503 (then tried again later). */
  streamsRefused: number;
  /** Event stream connections that failed or broke off (then tried again later). */
  dropped: number;
  errors: number;
}

export class Watcher {
  page: HeldPage | undefined;
  readonly counts: WatcherCounts = { listReads: 0, shed: 0, streamsRefused: 0, dropped: 0, errors: 0 };
  /** Whether the event stream is open now. */
  streaming = false;
  /** When the event stream first opened, in epoch milliseconds. */
  openedAt: number | undefined;
  /** What the stream brought, for telling why a page ends up different from a fresh read. */
  readonly heard = { connections: 0, hellos: 0, batches: 0, closed: [] as string[] };
  private readonly log = new RoomUpdateLog();
  private reading = false;
  private again = false;

  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly search: string,
    private readonly signal: AbortSignal,
    /** Called after each batch is applied to the page, with what it carried. */
    private readonly onApplied: (watcher: Watcher, updates: RoomUpdate[]) => void,
    private readonly kind: WatcherKind = "lobby",
  ) {}

  start() {
    // The lobby's own address: its hello brings the page shown. An old client asks for nothing.
    const address = this.kind === "old" ? `${this.baseUrl}/v1/events` : `${this.baseUrl}/v1/events?${new URLSearchParams({ list: `?${this.search}` })}`;
    void followEvents(address, {
      headers: () => ({ "x-player-token": this.token }),
      signal: this.signal,
      fetch: leanFetch,
      onEvent: (name, data) => {
        if (name === "rooms" && this.kind === "old") {
          setTimeout(() => void this.rereadAll(), OLD_CLIENT_REREAD_MS);
        } else if (name === "rooms") {
          const updates = parsedBatch(data);
          if (!updates) return void this.read();
          this.heard.batches++;
          this.log.push(updates);
          if (this.page) this.page = catchUp(this.page, this.search, this.log);
          this.onApplied(this, updates);
          if (this.page?.stale) this.readLater();
        } else if (name === "closed") {
          this.heard.closed.push(data);
        } else if (name === "hello" && this.kind === "lobby") {
          this.heard.hellos++;
          const list = parseHello(data)?.list;
          if (list) this.page = heldPage(list, this.search, this.log);
          else this.read();
        } else if (name === "resync") this.read();
      },
      onConnected: () => {
        this.streaming = true;
        this.heard.connections++;
        this.openedAt ??= performance.timeOrigin + performance.now();
        if (this.kind === "old") this.read();
      },
      onRefused: () => {
        this.streaming = false;
        this.counts.streamsRefused++;
      },
      onDropped: () => {
        this.streaming = false;
        this.counts.dropped++;
      },
    });
  }

  /** The old client's read: the whole list, once, whatever the answer. */
  private async rereadAll(): Promise<void> {
    if (this.signal.aborted) return;
    this.counts.listReads++;
    try {
      const response = await leanFetch(`${this.baseUrl}/v1/rooms`, { headers: { "x-player-token": this.token }, signal: this.signal });
      const answer = (await response.json()) as { data?: RoomList };
      if (response.ok && answer.data) this.page = heldPage(answer.data, this.search, this.log);
      else if (response.status === 503 || response.status === 429) this.counts.shed++;
      else this.counts.errors++;
    } catch {
      if (!this.signal.aborted) this.counts.errors++;
    }
  }

  /** Reads the page, as the lobby does on (re)connection; one read at a time, the latest wins. */
  read(): void {
    if (this.reading) return void (this.again = true);
    this.reading = true;
    void this.readOnce().finally(() => {
      this.reading = false;
      if (this.again && !this.signal.aborted) {
        this.again = false;
        this.read();
      }
    });
  }

  /** One list read, asked again as the lobby does (lib/client/use-rooms.ts) when shed or cut off. */
  private async readOnce(attempt = 0): Promise<void> {
    if (this.signal.aborted) return;
    this.counts.listReads++;
    let status = 0;
    let retryAfter: number | undefined;
    try {
      const response = await leanFetch(`${this.baseUrl}/v1/rooms${this.search ? `?${this.search}` : ""}`, { headers: { "x-player-token": this.token }, signal: this.signal });
      status = response.status;
      retryAfter = Number(response.headers.get("retry-after")) || undefined;
      const answer = (await response.json()) as { data?: RoomList };
      if (response.ok && answer.data) return void (this.page = heldPage(answer.data, this.search, this.log));
    } catch (error) {
      if (this.signal.aborted) return;
      if (process.env.BENCH_VERBOSE) console.error(`watcher list read: ${String(error)}`);
    }
    if (status === 503) this.counts.shed++;
    if (isPassing(status) && attempt < MAX_READ_ATTEMPTS - 1) {
      await new Promise((r) => setTimeout(r, retryDelayMs(attempt, retryAfter)));
      return this.readOnce(attempt + 1);
    }
    this.counts.errors++;
  }

  private staleTimer: ReturnType<typeof setTimeout> | undefined;
  private readLater() {
    this.staleTimer ??= setTimeout(() => {
      this.staleTimer = undefined;
      this.read();
    }, 500 + Math.random() * 3000);
  }
}

import type { ServerResponse } from "node:http";
import { writableDirectly } from "@/lib/http/direct-body";
import { subscribe } from "./hub";
import type { CloseReason } from "./subscribers";

// A server-sent events stream of the live events a caller may see, opened by a `hello` with what the
// caller shows (lib/live/greeting.ts). Comments every 15 s keep
// proxies from closing an idle stream; `retry` tells the browser how soon to reconnect. A player's
// stream ends when their token expires or is revoked, or support blocks them, with an `event: closed`
// that says which; the console's, within 15 s of its session or token ending (signed out, disabled,
// revoked, expired).

const HEARTBEAT_MS = 15_000;
/** Bytes the server holds for a client that reads slowly; past it, the stream is closed (it reconnects). */
const MAX_BEHIND_BYTES = 1 << 20;
const LONGEST_TIMER_MS = 2 ** 31 - 1;
const encoder = new TextEncoder();

export interface Watcher {
  /** Undefined for the admin console. */
  playerId?: string;
  /** When the player's token stops being valid. */
  expiresAt?: Date;
  origin: string;
  /** The stream's first event (`event: hello`), read once the stream follows changes; it must settle (a deadline). */
  greeting?: () => Promise<unknown>;
  /**
   * Asked at every keep-alive whether the caller may still watch (the console's session or token may
   * have ended since the stream opened); false closes the stream with `revoked`.
   */
  stillAllowed?: () => Promise<boolean>;
}

/** Where a stream's bytes go: the Node.js response at the front door, or a web stream under the framework. */
interface Sink {
  /** Queues bytes for the client; false once it is too far behind. */
  write(bytes: Uint8Array): boolean;
  end(): void;
}

const socketSink = (out: ServerResponse): Sink => ({
  write(bytes) {
    if (out.destroyed || out.writableEnded) return true;
    out.write(bytes);
    return out.writableLength <= MAX_BEHIND_BYTES;
  },
  end: () => void (out.writableEnded || out.destroyed || out.end()),
});

const webSink = (controller: ReadableStreamDefaultController<Uint8Array>): Sink => ({
  write(bytes) {
    controller.enqueue(bytes);
    // The queue's high-water mark is 0: its desired size is minus the bytes waiting.
    return (controller.desiredSize ?? 0) > -MAX_BEHIND_BYTES;
  },
  end() {
    try {
      controller.close();
    } catch {
      // already closed by the client
    }
  },
});

export async function eventStream(request: Request, watcher: Watcher): Promise<Response> {
  // How many streams may open, and how fast, was decided at the front door (lib/server/front-door.ts).
  let stop: (() => void) | undefined;
  // Started by its first read: at the front door the stream is written to the socket instead, and
  // this body is never read.
  const body = new ReadableStream<Uint8Array>(
    {
      pull: (controller) => void (stop ??= follow(request.signal, watcher, webSink(controller))),
      cancel: () => stop?.(),
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
  );
  const response = new Response(body, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-store, no-transform", "x-accel-buffering": "no" },
  });
  return writableDirectly(response, (out) => void (stop ??= follow(closeOf(out), watcher, socketSink(out))));
}

/**
 * Aborts once the response closes. Written to the socket, the stream follows its response itself, not
 * the request's signal: that one is derived from the door's and only held weakly by it, so it can stop
 * following once the request object is collected, and a gone client would stay subscribed.
 */
function closeOf(out: ServerResponse): AbortSignal {
  const closed = new AbortController();
  if (out.destroyed) closed.abort();
  else out.once("close", () => closed.abort());
  return closed.signal;
}

/** Writes the stream's events to `sink` until the client goes (`gone`) or the stream is closed; returns its stop. */
function follow(gone: AbortSignal, watcher: Watcher, sink: Sink): () => void {
  let open = true;
  const write = (bytes: Uint8Array) => {
    if (!open) return true;
    try {
      return sink.write(bytes);
    } catch {
      stop();
      return true;
    }
  };
  const timers: ReturnType<typeof setTimeout>[] = [];
  let unsubscribe = () => {};
  const stop = (reason?: CloseReason) => {
    if (!open) return;
    if (reason) write(encoder.encode(`event: closed\ndata: ${JSON.stringify({ reason })}\n\n`));
    open = false;
    timers.forEach(clearTimeout);
    unsubscribe();
    sink.end();
  };
  void (async () => {
    // Until the hello is written, what the stream hears is held, so that the hello comes first and
    // every event after it is news to what it brought (a balance read before a credit, then the
    // credit's event). A hello that cannot be read is sent empty: the client reads everything.
    let held: Uint8Array[] | undefined = watcher.greeting ? [] : undefined;
    const send = (bytes: Uint8Array) => (held ? (held.push(bytes), true) : write(bytes));
    const leave = await subscribe({ playerId: watcher.playerId, origin: watcher.origin, write: send, close: (reason) => stop(reason) });
    // The client may have gone while the subscription was made.
    if (!open || gone.aborted) return void (leave(), stop());
    unsubscribe = leave;
    gone.addEventListener("abort", () => stop(), { once: true });
    timers.push(
      setInterval(() => {
        write(encoder.encode(": keep-alive\n\n"));
        watcher.stillAllowed?.().then((allowed) => allowed || stop("revoked"), () => {});
      }, HEARTBEAT_MS),
    );
    if (watcher.expiresAt) {
      timers.push(setTimeout(() => stop("expired"), Math.min(Math.max(0, watcher.expiresAt.getTime() - Date.now()), LONGEST_TIMER_MS)));
    }
    // Sent at once, with the headers: the client knows it follows changes before its hello is read.
    write(encoder.encode("retry: 2000\n: connected\n\n"));
    if (!watcher.greeting) return;
    const hello = await watcher.greeting().catch(() => ({}));
    write(encoder.encode(`event: hello\ndata: ${JSON.stringify(hello)}\n\n`));
    held!.forEach(write);
    held = undefined;
  })().catch(() => stop());
  return () => stop();
}

import { subscribe } from "./hub";
import type { CloseReason } from "./subscribers";

// A server-sent events stream of the live events a caller may see, opened by a `hello` with what the
// caller shows (lib/live/greeting.ts). Comments every 15 s keep
// proxies from closing an idle stream; `retry` tells the browser how soon to reconnect. A player's
// stream ends when their token expires or is revoked, with an `event: closed` that says which.

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
}

export async function eventStream(request: Request, watcher: Watcher): Promise<Response> {
  // How many streams may open, and how fast, was decided at the front door (lib/server/front-door.ts).
  let stop: (reason?: CloseReason) => void = () => {};
  const body = new ReadableStream<Uint8Array>(
    {
      async start(controller) {
        let open = true;
        const write = (bytes: Uint8Array) => {
          if (!open) return true;
          try {
            controller.enqueue(bytes);
            return (controller.desiredSize ?? 0) > -MAX_BEHIND_BYTES;
          } catch {
            stop();
            return true;
          }
        };
        const timers: ReturnType<typeof setTimeout>[] = [];
        let unsubscribe = () => {};
        stop = (reason) => {
          if (!open) return;
          if (reason) write(encoder.encode(`event: closed\ndata: ${JSON.stringify({ reason })}\n\n`));
          open = false;
          timers.forEach(clearTimeout);
          unsubscribe();
          try {
            controller.close();
          } catch {
            // already closed by the client
          }
        };
        // Until the hello is written, what the stream hears is held, so that the hello comes first and
        // every event after it is news to what it brought (a balance read before a credit, then the
        // credit's event). A hello that cannot be read is sent empty: the client reads everything.
        let held: Uint8Array[] | undefined = watcher.greeting ? [] : undefined;
        const send = (bytes: Uint8Array) => (held ? (held.push(bytes), true) : write(bytes));
        unsubscribe = await subscribe({ playerId: watcher.playerId, origin: watcher.origin, write: send, close: (reason) => stop(reason) });
        timers.push(setInterval(() => write(encoder.encode(": keep-alive\n\n")), HEARTBEAT_MS));
        if (watcher.expiresAt) {
          timers.push(setTimeout(() => stop("expired"), Math.min(Math.max(0, watcher.expiresAt.getTime() - Date.now()), LONGEST_TIMER_MS)));
        }
        request.signal.addEventListener("abort", () => stop(), { once: true });
        write(encoder.encode("retry: 2000\n: connected\n\n"));
        if (watcher.greeting) {
          const hello = await watcher.greeting().catch(() => ({}));
          write(encoder.encode(`event: hello\ndata: ${JSON.stringify(hello)}\n\n`));
          held!.forEach(write);
          held = undefined;
        }
      },
      cancel: () => stop(),
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
  );
  return new Response(body, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-store, no-transform", "x-accel-buffering": "no" },
  });
}

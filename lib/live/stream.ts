import { subscribe, type LiveEvent } from "./hub";

// A server-sent events stream of the live events a caller may see. Comments every 15 s keep
// proxies from closing an idle stream; `retry` tells the browser how soon to reconnect.

const HEARTBEAT_MS = 15_000;

const eventName = (event: LiveEvent) => (event.type === "balance" || event.type === "resync" ? event.type : "room");

export async function eventStream(request: Request, visible: (event: LiveEvent) => boolean): Promise<Response> {
  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const unsubscribe = await subscribe((event) => {
        if (visible(event)) send(`event: ${eventName(event)}\ndata: ${JSON.stringify(event)}\n\n`);
      });
      const heartbeat = setInterval(() => send(": keep-alive\n\n"), HEARTBEAT_MS);
      stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      request.signal.addEventListener("abort", stop, { once: true });
      send("retry: 2000\n: connected\n\n");
    },
    cancel: () => stop(),
  });
  return new Response(body, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-transform", "x-accel-buffering": "no" },
  });
}

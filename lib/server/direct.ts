import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { apiCookieHeader } from "@/lib/security/api-cookies";
import { directWriterOf } from "@/lib/http/direct-body";

// The wallet's callbacks, the lobby's hot reads and its event streams are answered by their own route
// handlers, called straight from the front door: the same function Next.js would call
// (authentication, validation, logs and metrics included), without the framework's routing and
// rendering around it, which costs a served call more than the handler itself and gives it more turns
// to wait behind other work. What Next.js adds to every API answer is added here.

/** An App Router route handler: a web Request in, a web Response out. */
export type RouteHandler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** The headers next.config.mjs gives every answer. */
const EVERY_ANSWER = { "x-content-type-options": "nosniff", "referrer-policy": "no-referrer", "x-frame-options": "DENY" };

function webRequest(request: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (name === "cookie") {
      // As proxy.ts does for the API: only the cookie it reads (lib/security/api-cookies.ts).
      const kept = apiCookieHeader(Array.isArray(value) ? value.join("; ") : value);
      if (kept) headers.set("cookie", kept);
    } else headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  // The path and query only: where the caller thinks it is comes from its Host header (lib/http/origin.ts),
  // which need not make a valid URL.
  const url = `http://localhost${request.url ?? "/"}`;
  if (request.method === "GET" || request.method === "HEAD") return new Request(url, { method: request.method, headers, signal });
  // The body as it arrives, unread: the handler reads its raw bytes (signatures are over them).
  const body = Readable.toWeb(request) as ReadableStream<Uint8Array>;
  return new Request(url, { method: request.method, headers, signal, body, duplex: "half" } as RequestInit);
}

/**
 * Why a request's signal is aborted: its client went away. One reason for all, made once: an abort
 * without one makes a DOMException, stack trace included, for every request that ends.
 */
const CLIENT_GONE = Object.freeze(new Error("the client closed the connection"));

const drainedOrClosed = (response: ServerResponse) =>
  new Promise<void>((resolve) => {
    const done = () => {
      response.off("drain", done);
      response.off("close", done);
      resolve();
    };
    response.on("drain", done);
    response.on("close", done);
  });

/** Answers a request with a route handler, writing its Response (streamed bodies included) to the socket. */
export async function answerDirectly(handler: RouteHandler, request: IncomingMessage, response: ServerResponse, params: Record<string, string>): Promise<void> {
  const gone = new AbortController();
  response.once("close", () => gone.abort(CLIENT_GONE));
  const answer = await handler(webRequest(request, gone.signal), { params: Promise.resolve(params) });
  const headers: Record<string, string> = { ...EVERY_ANSWER };
  answer.headers.forEach((value, name) => (headers[name] = value));
  response.writeHead(answer.status, headers);
  const writeDirectly = directWriterOf(answer);
  if (writeDirectly) return writeDirectly(response);
  if (!answer.body) return void response.end();
  const reader = answer.body.getReader();
  // The client gone, the body is cancelled: an event stream unsubscribes.
  gone.signal.addEventListener("abort", () => void reader.cancel().catch(() => {}), { once: true });
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      // Read no further than the socket takes: what waits is counted by the stream (lib/live/stream.ts).
      if (!response.write(value)) await drainedOrClosed(response);
      if (gone.signal.aborted) return;
    }
    response.end();
  } catch {
    response.destroy();
  }
}

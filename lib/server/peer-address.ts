import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { Server } from "node:net";

// `next start` gives a route handler no socket: it copies the peer's address into X-Forwarded-For
// only when the request has no such header, and passes a client's own header through untouched. To
// know who is really connected, this process stamps every request with its socket's address under a
// header name drawn at random at start: no client can send it, so no client can forge it.

const KEY = Symbol.for("room-lobby.peer-header");
type Holder = { [KEY]?: string };

/** The stamp's header name, shared through globalThis: route bundles hold their own copies of this module. */
export const peerHeader = (): string | undefined => (globalThis as Holder)[KEY];

/** Installs the stamp, once per process, before the first request is served (instrumentation.ts). */
export function stampPeerAddresses(): void {
  const holder = globalThis as Holder;
  if (holder[KEY]) return;
  const name = `x-lobby-peer-${randomBytes(12).toString("hex")}`;
  // http.Server and https.Server both inherit emit from net.Server, and "request" is theirs alone.
  const emit = Server.prototype.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const request = args[0] as IncomingMessage;
      request.headers[name] = request.socket?.remoteAddress ?? "";
    }
    return emit.call(this, event, ...args);
  } as typeof Server.prototype.emit;
  holder[KEY] = name;
}

/** The socket address of a request, when the stamp is installed (not in the first requests before it). */
export const peerAddressOf = (request: Request): string | undefined => {
  const name = peerHeader();
  return (name && request.headers.get(name)) || undefined;
};

import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";

// `next start` gives a route handler no socket: it copies the peer's address into X-Forwarded-For
// only when the request has no such header, and passes a client's own header through untouched. To
// know who is really connected, the front door (lib/server/front-door.ts) stamps every request with
// its socket's address under a header name drawn at random at start: no client can send it, so no
// client can forge it.

const KEY = Symbol.for("room-lobby.peer-header");
type Holder = { [KEY]?: string };

/** The stamp's header name, shared through globalThis: route bundles hold their own copies of this module. */
export const peerHeader = (): string | undefined => (globalThis as Holder)[KEY];

/** Stamps a request with its socket's address. */
export function stampPeerAddress(request: IncomingMessage): void {
  const name = ((globalThis as Holder)[KEY] ??= `x-lobby-peer-${randomBytes(12).toString("hex")}`);
  request.headers[name] = request.socket?.remoteAddress ?? "";
}

/** The socket address of a request, when the stamp is installed (not in the first requests before it). */
export const peerAddressOf = (request: Request): string | undefined => {
  const name = peerHeader();
  return (name && request.headers.get(name)) || undefined;
};

import "server-only";
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { processState } from "@/lib/process/state";

// `next start` gives a route handler no socket: it copies the peer's address into X-Forwarded-For
// only when the request has no such header, and passes a client's own header through untouched. To
// know who is really connected, the front door (lib/server/front-door.ts) stamps every request with
// its socket's address under a header name drawn at random at start: no client can send it, so no
// client can forge it.

/** The stamp's header name, drawn once per process (route bundles hold their own copies of this module). */
export const peerHeader = (): string => processState("peer-header", () => `x-lobby-peer-${randomBytes(12).toString("hex")}`);

/** Stamps a request with its socket's address. */
export function stampPeerAddress(request: IncomingMessage): void {
  request.headers[peerHeader()] = request.socket?.remoteAddress ?? "";
}

/** The socket address of a request, as the front door stamped it. */
export const peerAddressOf = (request: Request): string | undefined => request.headers.get(peerHeader()) || undefined;

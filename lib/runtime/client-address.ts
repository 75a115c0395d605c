import "server-only";
import { config } from "@/lib/env";
import { peerAddressOf } from "./peer-address";

/**
 * Who a request came from, decided once for the throttle and the audit log. Each trusted proxy in
 * front appends the address it saw to X-Forwarded-For, so with `trustedProxies` of them the client
 * is that many hops left of the socket's peer; anything further left was written by the client and
 * is ignored. With none, the socket's peer is the client, whatever X-Forwarded-For says.
 */
export function clientAddress({ forwardedFor, peer, trustedProxies }: { forwardedFor: string | null; peer: string | undefined; trustedProxies: number }): string {
  const hops = (forwardedFor ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  // Without the peer stamp (only the first requests of a process) and with no proxy in front, the
  // header is the client's own writing: one shared bucket, rather than an address of its choosing.
  if (peer === undefined && trustedProxies === 0) return "unknown";
  // Behind proxies, the last of them appended the address it saw, which stands for the peer.
  const chain = peer === undefined ? hops : [...hops, peer];
  if (chain.length === 0) return "unknown";
  const skip = peer === undefined ? Math.max(trustedProxies - 1, 0) : trustedProxies;
  // A request with fewer hops than trusted proxies did not pass them all: the farthest hop is all we know.
  return chain[Math.max(chain.length - 1 - skip, 0)]!.slice(0, 100);
}

export const clientAddressOf = (request: Request): string =>
  clientAddress({ forwardedFor: request.headers.get("x-forwarded-for"), peer: peerAddressOf(request), trustedProxies: config().trustedProxies });

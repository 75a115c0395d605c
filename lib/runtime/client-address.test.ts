import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address";

// X-Forwarded-For as a route handler sees it under `next start`: the client's own header passed
// through, plus what each proxy appended; `peer` is the socket's address the process stamped.

describe("clientAddress", () => {
  it.each([
    // No proxy: the socket's peer, whatever the client wrote.
    [null, "198.51.100.9", 0, "198.51.100.9"],
    ["203.0.113.1", "198.51.100.9", 0, "198.51.100.9"],
    ["203.0.113.1, 203.0.113.2", "198.51.100.9", 0, "198.51.100.9"],
    // One proxy: the address it appended; what the client wrote to its left is ignored.
    ["198.51.100.9", "10.0.0.2", 1, "198.51.100.9"],
    ["6.6.6.6, 198.51.100.9", "10.0.0.2", 1, "198.51.100.9"],
    ["6.6.6.6,7.7.7.7,  198.51.100.9 ", "10.0.0.2", 1, "198.51.100.9"],
    // Two proxies: the outer one's entry.
    ["6.6.6.6, 198.51.100.9, 10.0.0.1", "10.0.0.2", 2, "198.51.100.9"],
    // A request that reached the app around the proxy: its peer, the only hop there is.
    [null, "198.51.100.9", 1, "198.51.100.9"],
    // Fewer hops than proxies: the farthest one known.
    ["198.51.100.9", "10.0.0.2", 3, "198.51.100.9"],
    // No stamp yet (a process's first requests) and no proxy: the header may be the client's own, so
    // not trusted; behind proxies, the last one's entry.
    ["127.0.0.1", undefined, 0, "unknown"],
    ["6.6.6.6", undefined, 0, "unknown"],
    ["6.6.6.6, 198.51.100.9", undefined, 1, "198.51.100.9"],
    ["6.6.6.6, 198.51.100.9, 10.0.0.1", undefined, 2, "198.51.100.9"],
    [null, undefined, 0, "unknown"],
    ["", undefined, 1, "unknown"],
  ] as const)("X-Forwarded-For %j, peer %j, %i trusted: %s", (forwardedFor, peer, trustedProxies, expected) => {
    expect(clientAddress({ forwardedFor, peer, trustedProxies })).toBe(expected);
  });

  it("keeps at most 100 characters of a hop", () => {
    expect(clientAddress({ forwardedFor: "x".repeat(500), peer: "10.0.0.2", trustedProxies: 1 })).toHaveLength(100);
  });
});

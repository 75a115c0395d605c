import "server-only";
import type { Server } from "node:http";

/**
 * How long this server keeps an idle kept-alive connection open (Node.js's own is 5 s). Whichever
 * side closes an idle connection races a request the other side may be sending on it at that moment,
 * and a client that loses the race gets a reset with no answer (a POST is not retried). Load
 * balancers and HTTP clients close theirs sooner than this (60 s is the common default), so the close
 * comes from their side, which knows it sent nothing.
 */
export const IDLE_CONNECTION_MS = 65_000;

/** Gives the server the idle time above; called as each connection opens. */
export function holdIdleConnections(server: Server): void {
  if (server.keepAliveTimeout !== IDLE_CONNECTION_MS) server.keepAliveTimeout = IDLE_CONNECTION_MS;
}

import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/observability/log";
import { recordRequest } from "@/lib/observability/metrics";
import { enterRequest, leaveRequest } from "@/lib/runtime/lifecycle";
import { errorResponse } from "./envelope";

/** Who made a request, as far as the handler found out: for the request's log line. */
export interface Caller {
  playerId?: string;
  admin?: boolean;
}

/** The caller's own X-Request-Id (up to 100 characters), or a new one. */
export const requestIdOf = (request: Request) => request.headers.get("x-request-id")?.slice(0, 100) || randomUUID();

/**
 * Runs one request of an endpoint with what every request gets: refused while the process shuts
 * down, counted in flight so that shutdown can wait for it, its request id returned in a header,
 * `Cache-Control: no-store`,
 * one log line (never a token or secret: only ids) and its metrics.
 */
export async function observed(
  { route, request, requestId }: { route: string; request: Request; requestId: string },
  work: (caller: Caller) => Promise<Response>,
  refuseWhileStopping: () => Response = () => errorResponse(new AppError("shutting_down", "This instance is shutting down. Send the request again.")),
): Promise<Response> {
  const started = performance.now();
  const caller: Caller = {};
  let response: Response;
  if (!enterRequest()) {
    response = refuseWhileStopping();
    response.headers.set("connection", "close");
  } else {
    try {
      response = await work(caller);
    } finally {
      leaveRequest();
    }
  }
  response.headers.set("x-request-id", requestId);
  // Balances, tokens, ledgers: no answer of the API may be kept by a browser or a shared cache.
  // An answer that chose its own policy (the event streams) keeps it.
  if (!response.headers.has("cache-control")) response.headers.set("cache-control", "no-store");
  const seconds = (performance.now() - started) / 1000;
  recordRequest({ method: request.method, route, status: response.status }, seconds);
  log("info", "request", {
    request_id: requestId,
    method: request.method,
    route,
    status: response.status,
    duration_ms: Math.round(seconds * 10_000) / 10,
    player_id: caller.playerId,
    admin: caller.admin,
  });
  return response;
}

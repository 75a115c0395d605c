import "server-only";
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from "node:http";
import { Server, type AddressInfo } from "node:net";
import { endpoints, type Endpoint } from "@/lib/api/endpoints";
import { config, type Config } from "@/lib/env";
import { AppError, OverloadedError, ThrottledError, RetryLaterError } from "@/lib/errors";
import { httpStatusOf } from "@/lib/contract/statuses";
import { streamRefusal } from "@/lib/live/limits";
import { recordShed } from "@/lib/observability/metrics";
import { loopDelayMs, perCallerRefusal, shedReason, type Load } from "@/lib/runtime/admission";
import { peerHeader, stampPeerAddress } from "@/lib/runtime/peer-address";
import { handOverStream } from "@/lib/runtime/stream-lane";
import { answerDirectly, type RouteHandler } from "./direct";
import { CallerRates } from "./caller-rates";
import { StreamOpens } from "./stream-opens";
import { processState } from "@/lib/process/state";
import { lengthenListenQueue } from "./listen-queue";
import { holdIdleConnections } from "./idle-connections";
import { callerKeys } from "@/lib/players/token-owners";

// Every request passes here first, as the HTTP server hands it over and before Next.js sees it. Lobby
// reads and stream opens that this instance will not serve now are refused on the spot: no
// authentication, no query, no trip through the framework, so that a storm of refusals costs next to
// nothing and cannot itself become the overload. Those admitted, and the wallet's callbacks (never
// refused here), are answered by their own route handlers (./direct.ts). Everything else (bets, the
// console, pages) goes on to Next.js untouched.

const PLAYER_TOKEN_HEADER = "x-player-token";
/** The farthest a refused stream open is sent into the future. */
const LONGEST_OPEN_WAIT_SECONDS = 30;
/** Retry-After for a player who already has their share of reads in flight. */
const PER_CALLER_RETRY_AFTER_SECONDS = 1;

type Kind = "stream" | "read" | "money";

/**
 * A path template as a pattern: `{room_id}` stands for one path segment, captured by its name. Exact:
 * anything else (a trailing slash, which Next.js redirects) is left to the framework.
 */
const pattern = (e: Endpoint) => new RegExp(`^${e.path.replace(/\{([^}]+)\}/g, "(?<$1>[^/]+)")}$`);
const STREAMS = [endpoints.events, endpoints.adminEvents].map((e) => ({ route: e.path, pattern: pattern(e) }));
const READS = Object.values(endpoints as Record<string, Endpoint>)
  .filter((e) => e.lobbyRead && e.method === "GET" && !STREAMS.some((s) => s.route === e.path))
  .map((e) => ({ route: e.path, pattern: pattern(e) }));
/** The platform's signed calls: never refused here, only handed to their handlers directly. */
const MONEY = Object.values(endpoints as Record<string, Endpoint>)
  .filter((e) => e.method === "POST" && e.path.startsWith("/wallet/"))
  .map((e) => ({ route: e.path, pattern: pattern(e) }));

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * What the front door decides for: a lobby read or a stream open, or a wallet call it only hands on,
 * by its route, with its path's parameters; undefined for the rest.
 */
export function classify(method: string | undefined, url: string | undefined): { kind: Kind; route: string; params: Record<string, string> } | undefined {
  if (!url || (method !== "GET" && method !== "POST")) return undefined;
  const path = url.split("?", 1)[0]!;
  const kinds = method === "GET" ? ([["stream", STREAMS], ["read", READS]] as const) : ([["money", MONEY]] as const);
  for (const [kind, routes] of kinds) {
    for (const r of routes) {
      const match = r.pattern.exec(path);
      if (match) return { kind, route: r.route, params: Object.fromEntries(Object.entries(match.groups ?? {}).map(([k, v]) => [k, decoded(v)])) };
    }
  }
  return undefined;
}

/** Served by every instance whatever its role: health, readiness, metrics. */
const ANY_ROLE = new Set([endpoints.health.path, endpoints.ready.path, endpoints.metrics.path]);

/** Why an instance of this role does not serve this path, or undefined when it does. */
export function roleRefusal(role: Config["role"], url: string | undefined): string | undefined {
  if (role === "all" || !url) return undefined;
  const path = url.split("?", 1)[0]!.replace(/\/+$/, "") || "/";
  if (ANY_ROLE.has(path)) return undefined;
  const wallet = path === "/wallet" || path.startsWith("/wallet/");
  if (role === "wallet" && !wallet) return "This address takes the platform's wallet calls only (an instance with INSTANCE_ROLE=wallet, or an instance's WALLET_PORT); the lobby is served at another address.";
  if (role === "lobby" && wallet) return "This instance serves the lobby only (INSTANCE_ROLE=lobby); send the wallet's calls to the wallet instances.";
  return undefined;
}

/**
 * Whom a request counts against: its launch token, and the token's player once this process knows
 * it (lib/players/token-owners.ts). Counted under both, so that a cap holds for the player across
 * their tokens, and for each token across the moment its player becomes known.
 */
export type Caller = readonly string[];

/** How many of something are open, in all and by caller. */
export class Tally {
  size = 0;
  private readonly byKey = new Map<string, number>();

  /** The most any of the caller's keys holds. */
  countOf(caller: Caller): number {
    return caller.reduce((most, key) => Math.max(most, this.byKey.get(key) ?? 0), 0);
  }

  /** Counts one more; the returned function counts it out again (once, however often it is called). */
  add(caller: Caller | undefined): () => void {
    this.size++;
    for (const key of caller ?? []) this.byKey.set(key, (this.byKey.get(key) ?? 0) + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.size--;
      for (const key of caller ?? []) {
        const left = (this.byKey.get(key) ?? 0) - 1;
        if (left > 0) this.byKey.set(key, left);
        else this.byKey.delete(key);
      }
    };
  }
}

interface Door {
  streams: Tally;
  readsByCaller: Tally;
  readRates: CallerRates;
  opens: StreamOpens;
}

export type Passage = { refused: RetryLaterError } | { release: () => void };

/**
 * The decision for one lobby read or stream open. `caller`: the launch token as sent, unchecked (a
 * forged one gains nothing here that it would not get with its 401 a moment later), and its player
 * when this process has seen the token authenticated.
 */
export function admit(door: Door, kind: Exclude<Kind, "money">, caller: Caller | undefined, settings: Pick<Config, "live" | "lobby">, now: number): Passage {
  const { live, lobby } = settings;
  const load: Load = { inFlight: door.readsByCaller.size, delayMs: loopDelayMs() };
  if (kind === "stream") {
    const refusal = streamRefusal(door.streams, caller, live);
    if (refusal) return { refused: new OverloadedError(refusal, live.retryAfterSeconds) };
    if (load.delayMs >= lobby.shedDelayMs) {
      // Sent to a slot of the same schedule as the opens the bucket refuses: a flat wait would bring
      // everyone refused in the same moment back in the same moment.
      const { retryAfterSeconds } = door.opens.later(now);
      return { refused: new OverloadedError(`The lobby is busy (this server runs ${Math.round(load.delayMs)} ms behind); money is served first. Your live updates are due in ${retryAfterSeconds} s.`, retryAfterSeconds) };
    }
    // A stream's hello reads what a lobby read would: it counts as one of the player's reads a second.
    const tooFast = overRate(door, caller, lobby, now, "lobby reads or stream opens");
    if (tooFast) return tooFast;
    const open = door.opens.take(now);
    if (!open.admit) {
      return { refused: new OverloadedError(`Live updates are being reconnected at ${live.opensPerSecond} a second on this server; yours is due in ${open.retryAfterSeconds} s.`, open.retryAfterSeconds) };
    }
    return { release: door.streams.add(caller) };
  }
  if (caller !== undefined) {
    const own = perCallerRefusal(door.readsByCaller.countOf(caller), lobby.readsPerPlayer);
    if (own) return { refused: new ThrottledError(own, PER_CALLER_RETRY_AFTER_SECONDS) };
    const tooFast = overRate(door, caller, lobby, now, "lobby reads");
    if (tooFast) return tooFast;
  }
  const reason = shedReason(load, lobby);
  if (reason) return { refused: new OverloadedError(`The lobby is busy (${reason}); money is served first. Try again in a moment.`, lobby.retryAfterSeconds) };
  return { release: door.readsByCaller.add(caller) };
}

/** The refusal of a caller past their reads a second (`what` names what counts), or undefined. */
function overRate(door: Door, caller: Caller | undefined, lobby: Config["lobby"], now: number, what: string): Passage | undefined {
  const wait = caller === undefined ? undefined : door.readRates.take(caller, now);
  if (wait === undefined) return undefined;
  return { refused: new ThrottledError(`At most ${lobby.readRatePerPlayer} of one player's ${what} a second are answered; this one in ${wait} s.`, wait) };
}

/** Lobby reads this instance is answering now. */
export const readsInFlight = (): number => door(config()).readsByCaller.size;

function door(settings: Config): Door {
  return processState("front-door", () => ({
    streams: new Tally(),
    readsByCaller: new Tally(),
    readRates: new CallerRates({ perSecond: settings.lobby.readRatePerPlayer, burst: 2 * settings.lobby.readRatePerPlayer }, Date.now()),
    opens: new StreamOpens({ perSecond: settings.live.opensPerSecond, longestWaitSeconds: LONGEST_OPEN_WAIT_SECONDS }, Date.now()),
  }));
}


/**
 * Answers the error envelope straight from the socket, and keeps the connection for the client's
 * next try: after a storm's refusal a lobby comes back on it, with no new connection for either
 * side to make. (Refused stream opens once closed theirs, when the server closed idle connections
 * after 5 s and a lobby coming back at that moment met a closed socket; idle connections are now
 * kept 65 s, longer than any wait a refusal gives: ./idle-connections.ts.)
 */
function refuse(request: IncomingMessage, response: ServerResponse, error: AppError) {
  const status = httpStatusOf[error.code];
  const body = JSON.stringify({ type: "error", status, code: error.code, message: error.message });
  request.resume();
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    ...(error instanceof RetryLaterError ? { "retry-after": String(error.retryAfterSeconds) } : {}),
    "cache-control": "no-store",
  });
  response.end(body);
}

/** Decides a request; true when it was answered here: refused, or served by its handler directly. */
function atTheDoor(request: IncomingMessage, response: ServerResponse, handlers: Map<string, RouteHandler>): boolean {
  const settings = config();
  const notHere = roleRefusal(settings.role, request.url);
  if (notHere) {
    refuse(request, response, new AppError("not_found", notHere));
    return true;
  }
  const what = classify(request.method, request.url);
  if (!what) return false;
  if (what.kind === "money") return answerHere(request, response, what, handlers);
  const token = request.headers[PLAYER_TOKEN_HEADER];
  const caller = typeof token === "string" && token ? callerKeys(token) : undefined;
  const passage = admit(door(settings), what.kind, caller, settings, Date.now());
  if ("refused" in passage) {
    recordShed(what.route);
    // A caller past their own share is answered when the wait it is told is over, not at once: a
    // client that asks again without waiting then asks once a second per connection, not thousands
    // of times, and the wait costs a timer.
    const { refused } = passage;
    if (refused instanceof ThrottledError) setTimeout(() => !response.destroyed && refuse(request, response, refused), refused.retryAfterSeconds * 1000).unref();
    else refuse(request, response, refused);
    return true;
  }
  // A player's stream goes to the stream lane when there is one; the console's stays here.
  if (what.route === endpoints.events.path && handlers.has(what.route) && handOverStream(request, withoutStamp(request), typeof token === "string" ? token : "", passage.release)) return true;
  response.once("close", passage.release);
  return answerHere(request, response, what, handlers);
}

/** The request's headers without this process's peer stamp: the lane stamps the socket's address itself. */
function withoutStamp(request: IncomingMessage): IncomingMessage["headers"] {
  const { [peerHeader()]: _stamp, ...headers } = request.headers;
  return headers;
}

/** Hands an admitted request to its handler, if the door was given one; false leaves it to Next.js. */
function answerHere(request: IncomingMessage, response: ServerResponse, what: { route: string; params: Record<string, string> }, handlers: Map<string, RouteHandler>): boolean {
  const handler = handlers.get(what.route);
  if (!handler) return false;
  answerDirectly(handler, request, response, what.params).catch(() => response.destroy());
  return true;
}

/**
 * Puts the front door in the HTTP server's path, once per process, before the first request is
 * served (instrumentation.ts). http.Server and https.Server both inherit emit from net.Server, and
 * "request" is theirs alone. `handlers`: the GET handlers of the lobby reads and streams, by their
 * endpoint's path, which the door calls itself once it admits a request (lib/server/direct.ts).
 */
export function installFrontDoor(handlers: Record<string, RouteHandler> = {}): void {
  const direct = new Map(Object.entries(handlers));
  const installed = processState("front-door-installed", () => ({ done: false }));
  if (installed.done) return;
  installed.done = true;
  const emit = Server.prototype.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    // Here rather than in `next start --keepAliveTimeout`, so that every way of starting the server
    // has it, and the wallet lane's server too; before the connection's first answer, which names it.
    if (event === "connection") {
      holdIdleConnections(this as unknown as HttpServer);
      lengthenListenQueue(this);
    }
    if (event === "request") {
      const [request, response] = args as [IncomingMessage, ServerResponse];
      stampPeerAddress(request);
      try {
        if (atTheDoor(request, response, direct)) return true;
      } catch {
        // A door that cannot decide (a configuration that fails to parse) lets the request through:
        // the route answers it, with the configuration's own error.
      }
    }
    return emit.call(this, event, ...args);
  } as typeof Server.prototype.emit;
}

/**
 * Why requests would reach this process's HTTP servers without passing the door, or undefined when
 * they pass it: one request to a server of its own, on loopback, must arrive stamped with its socket's
 * address. Checked at every start (lib/server/start.ts): if a Node.js or Next.js upgrade stopped
 * routing requests through `emit`, every client would share one throttle bucket and nothing would
 * be admitted or shed, silently; the server refuses to start instead.
 */
export async function frontDoorProblem(): Promise<string | undefined> {
  const server = createServer((request, response) => {
    const name = peerHeader();
    response.end(request.headers[name] === request.socket.remoteAddress ? "stamped" : "not stamped");
  });
  try {
    await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    // The health check's path: every role serves it, so the door hands it on untouched.
    const answer = await fetch(`http://127.0.0.1:${port}${endpoints.health.path}`, { signal: AbortSignal.timeout(10_000) }).then((r) => r.text());
    if (answer === "stamped") return undefined;
    return "requests reach the HTTP server without passing the front door (lib/server/front-door.ts), so client addresses, throttling and admission would all be wrong";
  } catch (error) {
    return `the front door could not be checked on loopback: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

import { z } from "zod";
import type { Database } from "@/db/client";
import { db as lobbyDb, moneyDb } from "@/lib/runtime/database";
import { errorReason, isDatabaseTimeout, isDatabaseUnavailable, loggableError } from "@/db/errors";
import type { PlayerRow } from "@/db/schema";
import { actorOf, type Actor } from "@/lib/admin/audit";
import { authorizeAdminRequest, isAdminTokenGuess, requireRole } from "@/lib/admin/authorize";
import type { Identity } from "@/lib/operators/identity";
import { config, type Config } from "@/lib/env";
import { AppError, ClientClosedRequest } from "@/lib/errors";
import { authenticatePlayer, isPlayerTokenGuess, PLAYER_TOKEN_HEADER, refuseIfBlocked } from "@/lib/players/authenticate";
import { throttled } from "@/lib/throttle/guard";
import { clientAddressOf } from "@/lib/runtime/client-address";
import { log } from "@/lib/observability/log";
import { validationError } from "@/lib/validation/errors";
import { DeadlineExceeded, DeadlinePassed, WriteDeadline, withinDeadline } from "@/lib/deadline";
import type { Csv } from "./csv";
import { errorResponse, type Json } from "./envelope";
import { requestOrigin } from "./origin";
import { bodyAsJson, readBody } from "./read-body";
import { readQuery } from "./read-query";
import { authorizeMetricsRequest, isMetricsTokenGuess } from "./metrics-access";
import { observed, requestIdOf } from "./observed";
import type { Answers, Auth, Endpoint, SuccessAnswer } from "@/lib/contract";

type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * What a handler must answer, from its endpoint's success answer: the JSON its schema describes,
 * CSV, or either when the query chooses; any Response where there is no schema (streams, metrics).
 */
export type Reply<R> = ReplyTo<SuccessAnswer<R>>;
type ReplyTo<X> = X extends { csv: "only" }
  ? Csv
  : X extends { schema: infer S extends z.ZodType }
    ? X extends { csv: "also" }
      ? Json<z.input<S>> | Csv
      : Json<z.input<S>>
    : Response;

export interface RouteContext<Q extends Schema, B extends Schema, P extends Schema, A extends Auth> {
  request: Request;
  db: Database;
  query: Parsed<Q>;
  body: Parsed<B>;
  params: Parsed<P>;
  player: A extends "player" ? PlayerRow : undefined;
  /** When the player's token stops being valid. */
  tokenExpiresAt: A extends "player" ? Date : undefined;
  /** When authentication began to read `player` (performance.now()): a change committed since may be missing from it. */
  playerReadAt: A extends "player" ? number : undefined;
  /** Admin endpoints: who is calling (its role already checked against the endpoint's), and as the audit log names them. */
  identity: A extends "admin" ? Identity : undefined;
  actor: A extends "admin" ? Actor : undefined;
  /** Origin for the addresses the API hands out: PUBLIC_URL, or the request's own origin. */
  origin: string;
  requestId: string;
}

type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };

/** The query of an endpoint that takes none: any parameter is refused and named, never ignored. */
const NO_QUERY = z.strictObject({});

function parse<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error, what);
  return result.data;
}

/**
 * Wraps a route handler of one endpoint (a domain's contract.ts) with the work every route shares:
 * authentication first (so that nothing about the input leaks to an unauthenticated caller), then
 * path, query and body validated with the endpoint's zod schemas, and every failure answered in the
 * error envelope. Unknown errors are logged with a request id and answered with a generic 500 that
 * leaks nothing. Logs, metrics and graceful shutdown come from `observed`.
 */
export function route<Q extends Schema = undefined, B extends Schema = undefined, P extends Schema = undefined, A extends Auth = "none", R extends Answers = Answers>(
  spec: Endpoint<Q, B, P, A, R>,
  handler: (ctx: RouteContext<Q, B, P, A>) => Promise<Reply<R>>,
) {
  return async (request: Request, next: NextContext): Promise<Response> => {
    const requestId = requestIdOf(request);
    return observed({ route: spec.path, request, requestId }, async (caller) => {
      try {
        const settings = config();
        // The body's raw bytes first, outside the database's deadline: a slow or broken-off upload is
        // the client's doing (408, 499), not a database outage. Nothing is parsed before authentication.
        const bytes = spec.body ? await readBody(request) : undefined;
        // Twice the database's own timeout: only a driver that never settles reaches it.
        const hardDeadlineMs = 2 * settings.databaseTimeoutMs;
        if (!spec.money) {
          // Lobby reads the instance cannot serve now were refused at its front door (lib/server/front-door.ts).
          return await withinDeadline(answer(settings, await lobbyDb(), bytes), hardDeadlineMs);
        }
        // A call that takes a bet answers within the database's timeout, counted from before it waits
        // for one of money's connections: queued behind held credits, it ends having written nothing.
        const deadline = new WriteDeadline(Date.now() + settings.databaseTimeoutMs);
        return await withinDeadline(deadline.race(answer(settings, deadline.bind(await moneyDb()), bytes)), hardDeadlineMs);
      } catch (error) {
        if (error instanceof ClientClosedRequest) {
          log("info", "client went away", { request_id: requestId, route: spec.path, reason: error.reason });
          return errorResponse(error);
        }
        if (error instanceof AppError) return errorResponse(error);
        if (isDatabaseTimeout(error) || error instanceof DeadlinePassed) {
          return errorResponse(new AppError("database_timeout", "The service is busy; nothing was changed. Try again shortly."));
        }
        if (isDatabaseUnavailable(error) || error instanceof DeadlineExceeded) {
          log("warn", "database unavailable", { request_id: requestId, route: spec.path, error: errorReason(error) });
          return errorResponse(new AppError("database_unavailable", "The database cannot be reached right now. Try again shortly; if you were making a change, check whether it was made first."));
        }
        log("error", "unexpected error", { request_id: requestId, method: request.method, route: spec.path, error: loggableError(error) });
        return errorResponse(new AppError("internal_error", `Something went wrong on our side. Reference: ${requestId}.`));
      }

      async function answer(settings: Config, db: Database, bytes: Uint8Array | undefined): Promise<Response> {
        let player: PlayerRow | undefined;
        let tokenExpiresAt: Date | undefined;
        let playerReadAt: number | undefined;
        // Credentials are checked under the throttle: failures are counted, successes cost nothing more.
        if (spec.auth === "player") {
          const token = request.headers.get(PLAYER_TOKEN_HEADER);
          playerReadAt = performance.now();
          ({ player, expiresAt: tokenExpiresAt } = await throttled(db, "player_token", clientAddressOf(request), () => authenticatePlayer(db, token), isPlayerTokenGuess));
          caller.playerId = player.id;
          if (!spec.whileBlocked) refuseIfBlocked(player);
        }
        let identity: Identity | undefined;
        if (spec.auth === "admin") {
          const origin = settings.publicUrl ?? requestOrigin(request);
          identity = await throttled(db, "admin_token", clientAddressOf(request), () => authorizeAdminRequest(db, request, settings.adminToken, origin), isAdminTokenGuess);
          caller.admin = true;
          requireRole(identity, spec.role!);
        }
        if (spec.auth === "metrics") {
          // Wrong guesses share the admin token's count: one budget per address for the service's secrets.
          await throttled(db, "admin_token", clientAddressOf(request), () => authorizeMetricsRequest(request, settings.metricsToken), isMetricsTokenGuess);
        }

        const params = spec.params ? parse(spec.params, await next.params, "path") : undefined;
        const query = parse(spec.query ?? NO_QUERY, readQuery(new URL(request.url)), "query");
        const body = spec.body ? parse(spec.body, bodyAsJson(request, bytes!), "body") : undefined;

        return await handler({
          request,
          db,
          query,
          body,
          params,
          player,
          tokenExpiresAt,
          playerReadAt,
          identity,
          actor: identity && actorOf(request, requestId, identity),
          origin: settings.publicUrl ?? requestOrigin(request),
          requestId,
        } as RouteContext<Q, B, P, A>);
      }
    });
  };
}

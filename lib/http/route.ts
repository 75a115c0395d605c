import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { db as openDb, type Database } from "@/db/client";
import { isDatabaseTimeout } from "@/db/errors";
import type { PlayerRow } from "@/db/schema";
import { authorizeAdmin } from "@/lib/admin/authorize";
import { config } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { authenticatePlayer, PLAYER_TOKEN_HEADER } from "@/lib/players/authenticate";
import { validationError } from "@/lib/validation/errors";
import { errorResponse } from "./envelope";
import { requestOrigin } from "./origin";
import { readJson } from "./read-body";
import { readQuery } from "./read-query";

type Auth = "player" | "admin" | "none";
type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<Q extends Schema, B extends Schema, P extends Schema, A extends Auth> {
  request: Request;
  db: Database;
  query: Parsed<Q>;
  body: Parsed<B>;
  params: Parsed<P>;
  player: A extends "player" ? PlayerRow : undefined;
  /** Origin for the addresses the API hands out: PUBLIC_URL, or the request's own origin. */
  origin: string;
  requestId: string;
}

interface RouteSpec<Q extends Schema, B extends Schema, P extends Schema, A extends Auth> {
  auth: A;
  query?: Q;
  body?: B;
  params?: P;
}

type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };

function parse<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error, what);
  return result.data;
}

/**
 * Wraps a route handler with the work every route shares: authentication first (so that nothing about
 * the input leaks to an unauthenticated caller), then path, query and body validated with zod, and
 * every failure answered in the error envelope. Unknown errors are logged with a request id and
 * answered with a generic 500 that leaks nothing.
 */
export function route<Q extends Schema = undefined, B extends Schema = undefined, P extends Schema = undefined, A extends Auth = "none">(
  spec: RouteSpec<Q, B, P, A>,
  handler: (ctx: RouteContext<Q, B, P, A>) => Promise<Response>,
) {
  return async (request: Request, next: NextContext): Promise<Response> => {
    const requestId = request.headers.get("x-request-id")?.slice(0, 100) || randomUUID();
    const headers = { "x-request-id": requestId };
    try {
      const settings = config();
      const db = await openDb();
      let player: PlayerRow | undefined;
      if (spec.auth === "player") player = await authenticatePlayer(db, request.headers.get(PLAYER_TOKEN_HEADER));
      if (spec.auth === "admin") authorizeAdmin(request.headers.get("authorization"), settings.adminToken);

      const params = spec.params ? parse(spec.params, await next.params, "path") : undefined;
      const query = spec.query ? parse(spec.query, readQuery(new URL(request.url)), "query") : undefined;
      const body = spec.body ? parse(spec.body, await readJson(request), "body") : undefined;

      const response = await handler({
        request,
        db,
        query,
        body,
        params,
        player,
        origin: settings.publicUrl ?? requestOrigin(request),
        requestId,
      } as RouteContext<Q, B, P, A>);
      response.headers.set("x-request-id", requestId);
      return response;
    } catch (error) {
      if (error instanceof AppError) return errorResponse(error, headers);
      if (isDatabaseTimeout(error)) {
        return errorResponse(new AppError("database_timeout", "The service is busy; nothing was changed. Try again shortly."), headers);
      }
      console.error(JSON.stringify({ level: "error", requestId, method: request.method, url: request.url, error: String((error as Error)?.stack ?? error) }));
      return errorResponse(new AppError("internal_error", `Something went wrong on our side. Reference: ${requestId}.`), headers);
    }
  };
}

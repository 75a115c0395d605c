import { AppError, LimitReached, RetryLaterError, type FieldError, type LimitReachedDetail } from "@/lib/errors";
import { LOBBY_WRITE_HEADER } from "@/lib/shared/snapshot";
import { httpStatusOf } from "@/lib/contract/statuses";

declare const jsonBody: unique symbol;
/** A JSON answer whose body is `Body`: `route()` checks it against the endpoint's schema, which a plain Response would escape. */
export type Json<Body> = Response & { readonly [jsonBody]: Body };

export interface Success<T> {
  type: "success";
  status: number;
  data: T;
}

/** `{type: "success", status, data}`: the envelope of every successful answer but the health check. */
export function ok<T>(data: T, status = 200): Json<Success<T>> {
  return Response.json({ type: "success", status, data }, { status }) as Json<Success<T>>;
}

/** A JSON answer outside the envelope: the health check and the OpenAPI document. */
export function json<T>(answer: T): Json<T> {
  return Response.json(answer) as Json<T>;
}

/** The room a player changed, with the change's transaction id for their next list read (none when nothing changed). */
export function roomChanged<T>({ room, xid }: { room: T; xid: string | undefined }): Json<Success<T>> {
  const response = ok(room);
  if (xid) response.headers.set(LOBBY_WRITE_HEADER, xid);
  return response;
}

export function created<T>(data: T): Json<Success<T>> {
  return ok(data, 201);
}

/**
 * After a stalled upload the rest of its body may still come, at any time: the connection is closed
 * with the answer (as a 408 means), rather than kept open to read a body nobody will use.
 */
export function closeAfterStall(response: Response): Response {
  response.headers.set("connection", "close");
  return response;
}

/** `{type: "error", status, code, message, errors?, limit?}`: the one shape of every error answer. */
export function errorResponse(error: AppError, headers?: HeadersInit): Response {
  const status = httpStatusOf[error.code];
  const body: { type: "error"; status: number; code: string; message: string; errors?: FieldError[]; limit?: LimitReachedDetail } = {
    type: "error",
    status,
    code: error.code,
    message: error.message,
  };
  if (error.errors) body.errors = error.errors;
  if (error instanceof LimitReached) body.limit = error.limit;
  const response = Response.json(body, { status, headers });
  if (error instanceof RetryLaterError) response.headers.set("retry-after", String(error.retryAfterSeconds));
  if (error.code === "request_timeout") closeAfterStall(response);
  return response;
}

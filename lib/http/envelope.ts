import { AppError, RetryLaterError, type FieldError } from "@/lib/errors";
import { httpStatusOf } from "./statuses";

/** `{type: "success", status, data}`: the envelope of every successful answer but the health check. */
export function ok(data: unknown, status = 200): Response {
  return Response.json({ type: "success", status, data }, { status });
}

/** Sent with a player's room change; sent back as `X-Lobby-After`, it makes list reads include the change. */
export const LOBBY_WRITE_HEADER = "x-lobby-write";
export const LOBBY_AFTER_HEADER = "x-lobby-after";

/** The room a player changed, with the change's transaction id for their next list read (none when nothing changed). */
export function roomChanged({ room, xid }: { room: unknown; xid: string | undefined }): Response {
  const response = ok(room);
  if (xid) response.headers.set(LOBBY_WRITE_HEADER, xid);
  return response;
}

export function created(data: unknown): Response {
  return ok(data, 201);
}

/** `{type: "error", status, code, message, errors?}`: the one shape of every error answer. */
export function errorResponse(error: AppError, headers?: HeadersInit): Response {
  const status = httpStatusOf[error.code];
  const body: { type: "error"; status: number; code: string; message: string; errors?: FieldError[] } = {
    type: "error",
    status,
    code: error.code,
    message: error.message,
  };
  if (error.errors) body.errors = error.errors;
  const response = Response.json(body, { status, headers });
  if (error instanceof RetryLaterError) response.headers.set("retry-after", String(error.retryAfterSeconds));
  return response;
}

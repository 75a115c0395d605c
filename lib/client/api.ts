import type { FieldError, LimitReachedDetail } from "@/lib/errors";
import { LOBBY_AFTER_HEADER, LOBBY_WRITE_HEADER } from "@/lib/shared/snapshot";
import { playerToken } from "./token";

/**
 * An error answer of the API, with its code, the server's message and field errors. The message is for
 * logs and developers; the player reads the catalogue's words for the code (i18n.error).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: FieldError[] = [],
    /** From Retry-After: how long the server asks the lobby to wait (429, 503). */
    readonly retryAfterSeconds?: number,
    /** With `limit_reached`: the player's limit that refused the bet, and its figures. */
    readonly limit?: LimitReachedDetail,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/**
 * The player's latest room change (X-Lobby-Write), sent back as X-Lobby-After on list reads: the
 * server then answers with a list that holds it, whichever instance answers.
 */
let lastWrite: string | undefined;

/** The error an answer that is not a success stands for: its code, message (else the status), field errors and Retry-After. */
export function answerError(response: Response, answer: { code?: string; message?: string; errors?: FieldError[]; limit?: LimitReachedDetail } | null): ApiError {
  const retryAfter = Number(response.headers.get("retry-after")) || undefined;
  return new ApiError(response.status, answer?.code ?? "unexpected", answer?.message ?? `HTTP ${response.status}`, answer?.errors, retryAfter, answer?.limit);
}

/** Calls the room API as the tab's player and unwraps the envelope's data. */
export async function api<T>(path: string, init: { method?: string; body?: unknown; idempotencyKey?: string } = {}): Promise<T> {
  const headers: Record<string, string> = { "x-player-token": playerToken() ?? "" };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.idempotencyKey) headers["idempotency-key"] = init.idempotencyKey;
  if (lastWrite && path.startsWith("/v1/rooms?")) headers[LOBBY_AFTER_HEADER] = lastWrite;
  let response: Response;
  try {
    response = await fetch(path, { method: init.method ?? "GET", headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  } catch {
    throw new ApiError(0, "network_error", "network_error");
  }
  const answer = await response.json().catch(() => null);
  if (!response.ok || answer?.type !== "success") throw answerError(response, answer);
  lastWrite = response.headers.get(LOBBY_WRITE_HEADER) ?? lastWrite;
  return answer.data as T;
}

export const isTokenProblem = (error: unknown): error is ApiError => error instanceof ApiError && error.code.startsWith("token_");

import type { FieldError } from "@/lib/errors";
import { playerToken } from "./token";

/** An error answer of the API, with its code, readable message and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Calls the room API as the tab's player and unwraps the envelope's data. */
export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { "x-player-token": playerToken() ?? "" };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(path, { method: init.method ?? "GET", headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  } catch {
    throw new ApiError(0, "network_error", "The lobby cannot reach the server. Check your connection and try again.");
  }
  const answer = await response.json().catch(() => null);
  if (!response.ok || answer?.type !== "success") {
    throw new ApiError(response.status, answer?.code ?? "unexpected", answer?.message ?? `The server answered ${response.status}.`, answer?.errors);
  }
  return answer.data as T;
}

export const isTokenProblem = (error: unknown): error is ApiError => error instanceof ApiError && error.code.startsWith("token_");

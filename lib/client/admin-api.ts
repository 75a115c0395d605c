"use client";
import { answerError, ApiError } from "./api";

// The admin console calls the admin API with its session cookie (sent by the browser, never read by
// this code). A 401 means the session ended: the page reloads into the sign-in form.

export async function adminApi<T>(path: string, init: { method?: string; body?: unknown; idempotencyKey?: string } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.idempotencyKey) headers["idempotency-key"] = init.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? "GET",
      credentials: "same-origin",
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiError(0, "network_error", "The console cannot reach the server. Check your connection and try again.");
  }
  const answer = await response.json().catch(() => null);
  if (response.status === 401 && path !== "/v1/admin/session") window.location.reload();
  if (!response.ok || answer?.type !== "success") throw answerError(response, answer);
  return answer.data as T;
}

export const adminKeys = { all: ["admin"] as const };

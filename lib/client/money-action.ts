import { CATALOGUES } from "@/lib/i18n/catalogue";
import { ApiError } from "./api";

// A money action (join, leave, create) is sent the moment the player confirms it, or fails then, and
// it carries an Idempotency-Key: one per question the player answered, so that confirming again after
// an answer that never came gets the first result instead of a second bet.
//
// react-query's default network mode pauses a mutation while the browser is offline and sends it
// when the connection returns: a bet could then be taken minutes later, on terms the player no
// longer sees (the last seat taken, a game started). So these never pause, are never retried, and
// offline they fail before anything is sent.

/** The mutation options every money action shares. */
export const moneyActionOptions = { networkMode: "always", retry: false } as const;

/**
 * Sends the action now, or fails at once when the browser knows it is offline. The lobby says so in
 * the player's words by the code (i18n.error); the English message is for the console, which shows it.
 */
export function sendNow<T>(send: () => Promise<T>): Promise<T> {
  if (typeof navigator !== "undefined" && !navigator.onLine) return Promise.reject(new ApiError(0, "offline", CATALOGUES.en.errors.offline));
  return send();
}

/**
 * A new Idempotency-Key: 128 random bits, base64url. Not `crypto.randomUUID`, which a page served
 * over plain HTTP (a test address on the local network) does not have.
 */
export function newActionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

import { createHmac, timingSafeEqual } from "node:crypto";

// The admin console's session: after sign-in with the admin token, the browser holds a cookie that
// is httpOnly (the page's JavaScript never sees it), SameSite=strict, and Secure over HTTPS. Its
// value is an expiry and an HMAC of it keyed by the admin token: nothing to store, and changing
// ADMIN_TOKEN ends every session.

export const ADMIN_COOKIE = "lobby_admin";
export const SESSION_SECONDS = 8 * 60 * 60;

const mac = (adminToken: string, expires: number) => createHmac("sha256", adminToken).update(`admin-session:${expires}`).digest("hex");

export function sessionValue(adminToken: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + SESSION_SECONDS;
  return `${expires}.${mac(adminToken, expires)}`;
}

/** Whether a cookie value is a live session for this admin token. */
export function isValidSession(value: string | undefined, adminToken: string, now = Date.now()): boolean {
  const match = /^(\d{1,12})\.([0-9a-f]{64})$/.exec(value ?? "");
  if (!match) return false;
  const expires = Number(match[1]);
  // Both are 64 hex digits here: equal lengths, compared in constant time.
  return expires * 1000 > now && timingSafeEqual(Buffer.from(match[2]!, "hex"), Buffer.from(mac(adminToken, expires), "hex"));
}

/** The admin session cookie's value in a Cookie header, if any. */
export function sessionFromCookies(cookieHeader: string | null): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === ADMIN_COOKIE) return rest.join("=");
  }
  return undefined;
}

export function sessionCookie(value: string, { secure }: { secure: boolean }): string {
  return `${ADMIN_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${SESSION_SECONDS}${secure ? "; Secure" : ""}`;
}

export const clearedSessionCookie = (secure: boolean) => `${ADMIN_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure ? "; Secure" : ""}`;

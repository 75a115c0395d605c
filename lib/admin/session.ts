// The console's session cookie: httpOnly (the page's JavaScript never sees it), SameSite=strict, and
// Secure over HTTPS. It holds the session's random secret; the session itself is a row
// (lib/operators/sessions.ts).

import { SESSION_SECONDS } from "@/lib/operators/sessions";

export const ADMIN_COOKIE = "lobby_admin";

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

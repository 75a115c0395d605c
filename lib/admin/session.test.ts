import { describe, expect, it } from "vitest";
import { clearedSessionCookie, isValidSession, SESSION_SECONDS, sessionCookie, sessionFromCookies, sessionValue } from "./session";

const TOKEN = "a-long-enough-admin-token";
const NOW = Date.parse("2026-11-23T10:00:00Z");

describe("the console's session", () => {
  it("is valid for its lifetime, and not a second longer", () => {
    const value = sessionValue(TOKEN, NOW);
    expect(isValidSession(value, TOKEN, NOW)).toBe(true);
    expect(isValidSession(value, TOKEN, NOW + SESSION_SECONDS * 1000 - 1)).toBe(true);
    expect(isValidSession(value, TOKEN, NOW + SESSION_SECONDS * 1000)).toBe(false);
  });

  it("is refused with a wrong HMAC, another admin token's HMAC, or a moved expiry", () => {
    const value = sessionValue(TOKEN, NOW);
    const [expires, mac] = value.split(".") as [string, string];
    const flipped = (mac[0] === "0" ? "1" : "0") + mac.slice(1);
    expect(isValidSession(`${expires}.${flipped}`, TOKEN, NOW)).toBe(false);
    expect(isValidSession(sessionValue("another-admin-token-entirely", NOW), TOKEN, NOW)).toBe(false);
    expect(isValidSession(`${Number(expires) + 3600}.${mac}`, TOKEN, NOW)).toBe(false);
  });

  it.each([undefined, "", "abc", "123.", ".abc", `1.${"g".repeat(64)}`, `${"9".repeat(13)}.${"0".repeat(64)}`])("refuses the malformed %j", (value) => {
    expect(isValidSession(value, TOKEN, NOW)).toBe(false);
  });

  it("is found among other cookies", () => {
    expect(sessionFromCookies("a=1; lobby_admin=123.abc; b=2")).toBe("123.abc");
    expect(sessionFromCookies("a=1")).toBeUndefined();
    expect(sessionFromCookies(null)).toBeUndefined();
  });

  it("travels in an HttpOnly, SameSite=Strict cookie, Secure only when asked", () => {
    expect(sessionCookie("v", { secure: true })).toBe(`lobby_admin=v; Path=/; HttpOnly; SameSite=Strict; Max-Age=${SESSION_SECONDS}; Secure`);
    expect(sessionCookie("v", { secure: false })).not.toContain("Secure");
    expect(clearedSessionCookie(true)).toMatch(/Max-Age=0; Secure$/);
  });
});

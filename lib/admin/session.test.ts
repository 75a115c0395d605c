import { describe, expect, it } from "vitest";
import { SESSION_SECONDS } from "@/lib/operators/sessions";
import { clearedSessionCookie, sessionCookie, sessionFromCookies } from "./session";

describe("the console's session cookie", () => {
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

import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { AdminRefused, authorizeAdmin, authorizeAdminRequest, isAdminTokenGuess, secretsMatch } from "./authorize";
import { sessionValue } from "./session";

const TOKEN = "a-long-enough-admin-token";

describe("authorizeAdmin", () => {
  it("accepts the Bearer token, in any case of the scheme", () => {
    expect(() => authorizeAdmin(`Bearer ${TOKEN}`, TOKEN)).not.toThrow();
    expect(() => authorizeAdmin(`bearer ${TOKEN}`, TOKEN)).not.toThrow();
  });

  it.each([null, "", TOKEN, `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, "Bearer "])("refuses %j", (header) => {
    expect(() => authorizeAdmin(header, TOKEN)).toThrow(AppError);
  });

  it("compares secrets of different lengths without throwing", () => {
    expect(secretsMatch("a", "a much longer secret")).toBe(false);
    expect(secretsMatch("same", "same")).toBe(true);
  });
});

describe("authorizeAdminRequest", () => {
  const ORIGIN = "https://lobby.example.com";
  const request = (method: string, headers: Record<string, string>) => new Request(`${ORIGIN}/v1/admin/audit`, { method, headers });
  const refusal = (req: Request) => {
    try {
      authorizeAdminRequest(req, TOKEN, ORIGIN);
      return "accepted";
    } catch (error) {
      return (error as AdminRefused).reason;
    }
  };
  const cookie = `lobby_admin=${sessionValue(TOKEN)}`;

  it.each([
    ["the Bearer token", "POST", { authorization: `Bearer ${TOKEN}` }, "accepted"],
    ["a wrong Bearer token", "GET", { authorization: "Bearer nope" }, "wrong_token"],
    ["another scheme", "GET", { authorization: `Basic ${TOKEN}` }, "wrong_token"],
    ["nothing", "GET", {}, "no_credential"],
    ["a stale or forged session cookie", "GET", { cookie: "lobby_admin=1.abc" }, "no_credential"],
    ["the session cookie, reading", "GET", { cookie }, "accepted"],
    ["the session cookie, changing from the site's own page", "POST", { cookie, origin: ORIGIN }, "accepted"],
    ["the session cookie, changing from another site", "POST", { cookie, origin: "https://evil.example" }, "foreign_origin"],
    ["the session cookie, changing with no Origin", "POST", { cookie }, "foreign_origin"],
  ] as const)("%s: %s", (_, method, headers, expected) => {
    expect(refusal(request(method, headers))).toBe(expected);
  });

  it("counts only a wrong token as a guess", () => {
    expect(isAdminTokenGuess(new AdminRefused("wrong_token", "x"))).toBe(true);
    expect(isAdminTokenGuess(new AdminRefused("no_credential", "x"))).toBe(false);
    expect(isAdminTokenGuess(new AdminRefused("foreign_origin", "x"))).toBe(false);
    expect(isAdminTokenGuess(new AppError("admin_unauthorized", "x"))).toBe(false);
  });
});

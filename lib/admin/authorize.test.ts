import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { OWNER } from "@/lib/operators/identity";
import { AdminRefused, bearerOf, isAdminTokenGuess, refuseForeignOrigin, requireRole, secretsMatch } from "./authorize";

// The pure parts of the admin check; who a session or an operator's token is, is tested against a
// database in lib/operators/credentials.test.ts and tests/api/operators.test.ts.

describe("the admin credential", () => {
  it("is read from a Bearer header in any case of the scheme", () => {
    expect(bearerOf("Bearer abc")).toBe("abc");
    expect(bearerOf("bearer abc ")).toBe("abc");
  });

  it.each([null, "", "abc", "Basic abc", "Bearer ", "Bearer a b"])("is not read from %j", (header) => {
    expect(bearerOf(header)).toBeUndefined();
  });

  it("compares secrets of different lengths without throwing", () => {
    expect(secretsMatch("a", "a much longer secret")).toBe(false);
    expect(secretsMatch("same", "same")).toBe(true);
  });

  it("counts only a wrong token as a guess", () => {
    expect(isAdminTokenGuess(new AdminRefused("wrong_token", "x"))).toBe(true);
    expect(isAdminTokenGuess(new AdminRefused("no_credential", "x"))).toBe(false);
    expect(isAdminTokenGuess(new AdminRefused("foreign_origin", "x"))).toBe(false);
    expect(isAdminTokenGuess(new AppError("admin_unauthorized", "x"))).toBe(false);
  });

  it("refuses a sign-out from another site, and lets scripts with no Origin through", () => {
    const ORIGIN = "https://lobby.example.com";
    const from = (origin?: string) => new Request(`${ORIGIN}/v1/admin/session/end`, { method: "POST", headers: origin ? { origin } : {} });
    expect(() => refuseForeignOrigin(from("https://evil.example"), ORIGIN)).toThrow(AdminRefused);
    expect(() => refuseForeignOrigin(from("null"), ORIGIN)).toThrow(AdminRefused);
    expect(() => refuseForeignOrigin(from(ORIGIN), ORIGIN)).not.toThrow();
    expect(() => refuseForeignOrigin(from(), ORIGIN)).not.toThrow();
  });
});

describe("the role check", () => {
  const as = (role: typeof OWNER.role) => ({ ...OWNER, operatorId: "o-1", name: "ann", role });

  it.each([
    ["viewer", "viewer", true],
    ["viewer", "support", false],
    ["viewer", "finance", false],
    ["viewer", "admin", false],
    ["support", "support", true],
    ["support", "finance", false],
    ["support", "admin", false],
    ["finance", "finance", true],
    ["finance", "support", false],
    ["finance", "viewer", true],
    ["admin", "support", true],
    ["admin", "finance", true],
    ["admin", "admin", true],
  ] as const)("%s may do what needs %s: %s", (role, needed, allowed) => {
    if (allowed) expect(() => requireRole(as(role), needed)).not.toThrow();
    else expect(() => requireRole(as(role), needed)).toThrow(new AppError("role_required", `This needs the ${needed} role (or admin); you are signed in as ${role === "viewer" ? "a viewer" : role}.`));
  });

  it("gives the owner every role", () => {
    for (const needed of ["viewer", "support", "finance", "admin"] as const) expect(() => requireRole(OWNER, needed)).not.toThrow();
  });
});

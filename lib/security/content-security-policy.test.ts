import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce } from "./content-security-policy";

const directives = (policy: string) => new Map(policy.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)] as const));

describe("contentSecurityPolicy", () => {
  it("lets only this request's nonce run scripts, and never eval in production", () => {
    const policy = directives(contentSecurityPolicy("abc123"));
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(contentSecurityPolicy("abc123")).not.toMatch(/unsafe-eval|unsafe-inline/);
  });

  it("allows eval and inline styles for the development server only", () => {
    expect(directives(contentSecurityPolicy("n", { dev: true })).get("script-src")).toContain("'unsafe-eval'");
  });

  it("makes a different nonce each time", () => {
    const a = newNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(newNonce()).not.toBe(a);
  });
});

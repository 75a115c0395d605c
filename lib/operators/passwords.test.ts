import { describe, expect, it } from "vitest";
import { hashPassword, passwordMatches, UNKNOWN_OPERATOR_HASH } from "./passwords";

describe("operators' passwords", { timeout: 30_000 }, () => {
  it("match their own hash only, and never appear in it", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(hash).not.toContain("horse");
    expect(await passwordMatches("correct horse battery staple", hash)).toBe(true);
    expect(await passwordMatches("correct horse battery stapler", hash)).toBe(false);
    expect(await passwordMatches("correct horse battery staple", UNKNOWN_OPERATOR_HASH)).toBe(false);
  });

  it("are salted: one password, two hashes", async () => {
    expect(await hashPassword("same password here")).not.toBe(await hashPassword("same password here"));
  });

  it.each(["", "plain", "scrypt$1$2$3", "bcrypt$2$8$1$abc$def"])("refuse a stored value that is not a hash: %j", async (stored) => {
    expect(await passwordMatches("anything", stored)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { authorizeAdmin, secretsMatch } from "./authorize";

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

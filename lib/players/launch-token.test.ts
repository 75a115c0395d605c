import { describe, expect, it } from "vitest";
import { hashLaunchToken, launchUrl, looksLikeLaunchToken, newLaunchToken, tokenState } from "./launch-token";
import { AppError } from "@/lib/errors";
import { isPlayerTokenGuess } from "./authenticate";

describe("launch tokens", () => {
  it("are 43 URL-safe characters, different every time, stored as their SHA-256", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const { token, hash } = newLaunchToken();
      expect(looksLikeLaunchToken(token)).toBe(true);
      expect(hash).toBe(hashLaunchToken(token));
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      seen.add(token);
    }
    expect(seen.size).toBe(1000);
  });

  it.each(["", "short", "A".repeat(42), "A".repeat(44), `${"A".repeat(42)}=`, `${"A".repeat(42)} `])("%j is not shaped like a token", (token) =>
    expect(looksLikeLaunchToken(token)).toBe(false),
  );

  it("expire at their expiry instant, not after", () => {
    const expiresAt = new Date("2026-01-01T00:00:00Z");
    expect(tokenState(expiresAt, new Date("2025-12-31T23:59:59.999Z"))).toBe("valid");
    expect(tokenState(expiresAt, expiresAt)).toBe("expired");
  });

  it("ride in the launch address's query", () => {
    expect(launchUrl("https://lobby.example.com", "abc_-")).toBe("https://lobby.example.com/?token=abc_-");
  });
});

describe("isPlayerTokenGuess", () => {
  it.each([
    ["token_invalid", true],
    ["token_expired", false],
    ["token_missing", false],
    ["validation_failed", false],
  ] as const)("%s counts: %s", (code, counts) => {
    expect(isPlayerTokenGuess(new AppError(code, "x"))).toBe(counts);
  });
});

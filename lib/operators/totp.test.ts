import { describe, expect, it } from "vitest";
import { newTotpSecret, totpAddress, totpCode, totpStep } from "./totp";

const totpMatches = (secret: string, code: string, now: number) => totpStep(secret, code, now) !== undefined;

// RFC 6238's test vectors for SHA-1 (its secret is the ASCII "12345678901234567890"), last 6 digits.
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("TOTP", () => {
  it.each([
    [59, "287082"],
    [1111111109, "081804"],
    [1111111111, "050471"],
    [1234567890, "005924"],
    [2000000000, "279037"],
    [20000000000, "353130"],
  ])("gives RFC 6238's code at %i s", (seconds, code) => {
    expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(code);
  });

  it("accepts the code one step either side of now, and no further", () => {
    const now = 1_800_000_000_000;
    const secret = newTotpSecret();
    expect(totpMatches(secret, totpCode(secret, now), now)).toBe(true);
    expect(totpMatches(secret, totpCode(secret, now - 30_000), now)).toBe(true);
    expect(totpMatches(secret, totpCode(secret, now + 30_000), now)).toBe(true);
    const farther = [totpCode(secret, now - 90_000), totpCode(secret, now + 90_000)].filter((c) => ![-1, 0, 1].some((s) => totpCode(secret, now + s * 30_000) === c));
    for (const code of farther) expect(totpMatches(secret, code, now)).toBe(false);
  });

  it("gives the step matched, and takes no code of a step taken already or before it", () => {
    const now = 1_800_000_000_000;
    const step = Math.floor(now / 30_000);
    const secret = newTotpSecret();
    expect(totpStep(secret, totpCode(secret, now), now)).toBe(step);
    expect(totpStep(secret, totpCode(secret, now + 30_000), now, step)).toBe(step + 1);
    expect(totpStep(secret, totpCode(secret, now), now, step)).toBeUndefined();
    expect(totpStep(secret, totpCode(secret, now - 30_000), now, step - 1)).toBeUndefined();
    expect(totpStep(secret, totpCode(secret, now - 30_000), now, step - 2)).toBe(step - 1);
  });

  it.each(["", "12345", "1234567", "abcdef", "12 456"])("refuses the malformed %j", (code) => {
    expect(totpMatches(newTotpSecret(), code, Date.now())).toBe(false);
  });

  it("makes 32-character base32 secrets and an otpauth address apps read", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(totpAddress(secret, "ann", "lobby.example.com")).toBe(`otpauth://totp/lobby.example.com%3Aann?secret=${secret}&issuer=lobby.example.com&algorithm=SHA1&digits=6&period=30`);
  });
});

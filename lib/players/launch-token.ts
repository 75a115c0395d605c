import { createHash, randomBytes } from "node:crypto";

// 32 random bytes, base64url: 256 bits, 43 characters. High entropy makes a fast hash enough to store.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function hashLaunchToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newLaunchToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashLaunchToken(token) };
}

/** A cheap check before any lookup: anything not shaped like a token is not one. */
export function looksLikeLaunchToken(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

/** The address a player opens: the lobby reads the token from it. */
export function launchUrl(origin: string, token: string): string {
  return `${origin}/?token=${encodeURIComponent(token)}`;
}

export type TokenState = "valid" | "expired";

export function tokenState(expiresAt: Date, now: Date): TokenState {
  return expiresAt.getTime() > now.getTime() ? "valid" : "expired";
}

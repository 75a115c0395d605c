import "server-only";
import type { Executor } from "@/db/client";
import type { PlayerRow } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { hashLaunchToken, looksLikeLaunchToken, tokenState } from "./launch-token";
import { findPlayerByTokenHash } from "./queries";
import { rememberTokenOwner } from "./token-owners";

export const PLAYER_TOKEN_HEADER = "x-player-token";

/**
 * A token that was sent but matches none: what the throttle counts. A missing token is no guess, and
 * neither is an expired one, which matched a real token: a lobby left open past its expiry must not
 * get its players' shared address blocked.
 */
export const isPlayerTokenGuess = (error: unknown) => error instanceof AppError && error.code === "token_invalid";

/**
 * The player behind an X-Player-Token and when that token expires, or a 401 that says whether it was
 * missing, unknown or expired.
 */
export async function authenticatePlayer(db: Executor, token: string | null, now = new Date()): Promise<{ player: PlayerRow; expiresAt: Date }> {
  if (!token) {
    throw new AppError("token_missing", "Send the player's launch token in the X-Player-Token header.");
  }
  const found = looksLikeLaunchToken(token) ? await findPlayerByTokenHash(db, hashLaunchToken(token)) : undefined;
  if (!found) throw new AppError("token_invalid", "The player token is not valid. Open the lobby from a new launch address.");
  if (tokenState(found.expiresAt, now) === "expired") {
    throw new AppError("token_expired", "The player token has expired. Open the lobby from a new launch address.");
  }
  rememberTokenOwner(token, found.player.id);
  return { player: found.player, expiresAt: found.expiresAt };
}

/**
 * A player support has blocked is refused every player endpoint (403 `player_blocked`) but those an
 * endpoint marks `whileBlocked`: leaving a waiting room, which returns their bet. What the platform
 * owes them (credits, refunds) is paid as ever: the wallet's calls are not the player's.
 */
export function refuseIfBlocked(player: PlayerRow): void {
  if (player.blockedAt !== null) throw new AppError("player_blocked", "This account is blocked, so the lobby cannot be used. Contact support.");
}

import { and, eq, lt } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { launchTokens } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { launchUrl, newLaunchToken } from "./launch-token";
import { isWellFormedId } from "@/lib/ids";
import { findPlayerById } from "@/lib/ledger/queries";

export interface IssuedToken {
  token: string;
  launch_url: string;
  expires_at: string;
}

/**
 * Expired tokens are kept this long, so that an old launch address still answers "expired" rather
 * than "not valid"; after that each new token of the player removes them.
 */
export const EXPIRED_TOKENS_KEPT_DAYS = 7;

/**
 * Issues a launch token for a player. Only its hash is stored: the token is shown here and never again.
 * The player's tokens expired more than EXPIRED_TOKENS_KEPT_DAYS ago are deleted first, by the index
 * on player_id (in the caller's transaction, when there is one): a platform that issues a token per
 * visit keeps a week of them, not years.
 */
export async function issueLaunchToken(
  db: Executor,
  { playerId, ttlSeconds, origin, now = new Date() }: { playerId: string; ttlSeconds: number; origin: string; now?: Date },
): Promise<IssuedToken> {
  const player = isWellFormedId(playerId) ? await findPlayerById(db, playerId) : undefined;
  if (!player) throw new AppError("player_not_found", `No player has the id "${playerId}".`);
  const { token, hash } = newLaunchToken();
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  const prunedBefore = new Date(now.getTime() - EXPIRED_TOKENS_KEPT_DAYS * 86_400_000);
  await db.delete(launchTokens).where(and(eq(launchTokens.playerId, player.id), lt(launchTokens.expiresAt, prunedBefore)));
  await db.insert(launchTokens).values({ tokenHash: hash, playerId: player.id, expiresAt });
  return { token, launch_url: launchUrl(origin, token), expires_at: expiresAt.toISOString() };
}

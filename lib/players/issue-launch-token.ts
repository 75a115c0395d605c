import type { Executor } from "@/db/client";
import { launchTokens } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { launchUrl, newLaunchToken } from "./launch-token";
import { isWellFormedId } from "@/lib/ids";
import { findPlayerById } from "./queries";

export interface IssuedToken {
  token: string;
  launch_url: string;
  expires_at: string;
}

/** Issues a launch token for a player. Only its hash is stored: the token is shown here and never again. */
export async function issueLaunchToken(
  db: Executor,
  { playerId, ttlSeconds, origin, now = new Date() }: { playerId: string; ttlSeconds: number; origin: string; now?: Date },
): Promise<IssuedToken> {
  const player = isWellFormedId(playerId) ? await findPlayerById(db, playerId) : undefined;
  if (!player) throw new AppError("player_not_found", `No player has the id "${playerId}".`);
  const { token, hash } = newLaunchToken();
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  await db.insert(launchTokens).values({ tokenHash: hash, playerId: player.id, expiresAt });
  return { token, launch_url: launchUrl(origin, token), expires_at: expiresAt.toISOString() };
}

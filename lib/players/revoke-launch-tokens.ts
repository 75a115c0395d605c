import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { launchTokens } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { isWellFormedId } from "@/lib/ids";
import { findPlayerById } from "@/lib/ledger/queries";

/**
 * Deletes every launch token of a player, expired ones included: a deleted hash matches nothing, so
 * each token answers `token_invalid` on its next call. Nothing caches tokens, so this takes effect at once.
 */
export async function revokeLaunchTokens(db: Executor, { playerId }: { playerId: string }): Promise<{ revoked: number }> {
  const player = isWellFormedId(playerId) ? await findPlayerById(db, playerId) : undefined;
  if (!player) throw new AppError("player_not_found", `No player has the id "${playerId}".`);
  const deleted = await db.delete(launchTokens).where(eq(launchTokens.playerId, player.id)).returning({ tokenHash: launchTokens.tokenHash });
  return { revoked: deleted.length };
}

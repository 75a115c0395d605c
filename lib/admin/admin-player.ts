import { and, count, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { adjustments, type PlayerRow } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { isWellFormedId } from "@/lib/ids";
import { findPlayerById } from "@/lib/ledger/queries";
import { toAdminPlayer } from "@/lib/players/present";

// A player as the admin API shows them: profile, balances, block, and adjustments waiting for approval.

/** How many of the player's adjustments wait for approval. */
async function pendingAdjustmentsOf(db: Executor, playerId: string): Promise<number> {
  const [row] = await db
    .select({ pending: count() })
    .from(adjustments)
    .where(and(eq(adjustments.playerId, playerId), eq(adjustments.status, "pending")));
  return row!.pending;
}

/** The admin API's player, with their pending adjustments counted. */
export const adminPlayerOf = async (db: Executor, player: PlayerRow) => toAdminPlayer(player, await pendingAdjustmentsOf(db, player.id));

/** GET /v1/admin/players/{player_id} data. */
export async function findAdminPlayer(db: Executor, playerId: string) {
  const player = isWellFormedId(playerId) ? await findPlayerById(db, playerId) : undefined;
  if (!player) throw new AppError("player_not_found", `No player has the id "${playerId}".`);
  return adminPlayerOf(db, player);
}

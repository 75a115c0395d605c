import { eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { players } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { isWellFormedId } from "@/lib/ids";
import { lockPlayer } from "@/lib/ledger/locks";
import { adminPlayerOf } from "./admin-player";
import { recordAdminAction, type Actor } from "./audit";

// Blocking a player: every player call but leaving a room is refused (lib/players/authenticate.ts),
// and so is every bet, under the player's row lock (lib/ledger/debit-bet.ts). What the platform owes
// them is still paid.

const playerNotFound = (id: string) => new AppError("player_not_found", `No player has the id "${id}".`);

/**
 * POST /v1/admin/players/{player_id}/block. Under the player's row lock, so that a join or create
 * racing it either debits before it or is refused. The player's open event streams are closed (the
 * notification goes out when the block commits); their next connection is refused. Blocking a
 * blocked player changes nothing: the first block's time and reason stay, and no audit row is written.
 */
export function blockPlayer(db: Executor, { playerId, reason, actor }: { playerId: string; reason: string; actor: Actor }) {
  return db.transaction(async (tx) => {
    const player = isWellFormedId(playerId) ? await lockPlayer(tx, playerId) : undefined;
    if (!player) throw playerNotFound(playerId);
    if (player.blockedAt !== null) return adminPlayerOf(tx, player);
    const [blocked] = await tx.update(players).set({ blockedAt: sql`now()`, blockReason: reason, updatedAt: sql`now()` }).where(eq(players.id, player.id)).returning();
    await tx.execute(sql`select pg_notify('token_events', ${JSON.stringify({ player_id: player.id, reason: "blocked" })})`);
    await recordAdminAction(tx, { actor, action: "block_player", playerId: player.id, details: { reason } });
    return adminPlayerOf(tx, blocked!);
  });
}

/**
 * POST /v1/admin/players/{player_id}/unblock: the player may use the lobby again with any launch
 * token still valid. Unblocking a player who is not blocked changes nothing and writes no audit row.
 */
export function unblockPlayer(db: Executor, { playerId, reason, actor }: { playerId: string; reason?: string; actor: Actor }) {
  return db.transaction(async (tx) => {
    const player = isWellFormedId(playerId) ? await lockPlayer(tx, playerId) : undefined;
    if (!player) throw playerNotFound(playerId);
    if (player.blockedAt === null) return adminPlayerOf(tx, player);
    const [unblocked] = await tx.update(players).set({ blockedAt: null, blockReason: null, updatedAt: sql`now()` }).where(eq(players.id, player.id)).returning();
    await recordAdminAction(tx, {
      actor,
      action: "unblock_player",
      playerId: player.id,
      details: { reason: reason ?? null, blocked_at: player.blockedAt.toISOString(), block_reason: player.blockReason },
    });
    return adminPlayerOf(tx, unblocked!);
  });
}

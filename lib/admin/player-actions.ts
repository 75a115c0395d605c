import type { Executor } from "@/db/client";
import { createPlayer } from "@/lib/players/create-player";
import { issueLaunchToken } from "@/lib/players/issue-launch-token";
import { revokeLaunchTokens } from "@/lib/players/revoke-launch-tokens";
import type { CreatePlayerInput } from "@/lib/players/schemas";
import { recordAdminAction, type Actor } from "./audit";

// The admin API's actions on players, each written to the audit log in its own transaction.

/** POST /v1/admin/players: registers a player with an opening balance. */
export function registerPlayer(db: Executor, { input, actor }: { input: CreatePlayerInput; actor: Actor }) {
  return db.transaction(async (tx) => {
    const player = await createPlayer(tx, input);
    const balance = input.balance?.toFixed() ?? "0";
    await recordAdminAction(tx, { actor, action: "create_player", playerId: player.id, details: { username: player.username, currency: player.currency, balance } });
    return player;
  });
}

/** POST /v1/admin/players/{player_id}/tokens: a new launch address. The audit row never holds the token. */
export function issueLaunchAddress(db: Executor, { playerId, ttlSeconds, origin, actor }: { playerId: string; ttlSeconds: number; origin: string; actor: Actor }) {
  return db.transaction(async (tx) => {
    const issued = await issueLaunchToken(tx, { playerId, ttlSeconds, origin });
    await recordAdminAction(tx, { actor, action: "issue_launch_token", playerId, details: { expires_at: issued.expires_at } });
    return issued;
  });
}

/** POST /v1/admin/players/{player_id}/tokens/revoke: every launch token of the player stops working. */
export function revokePlayerTokens(db: Executor, { playerId, actor }: { playerId: string; actor: Actor }) {
  return db.transaction(async (tx) => {
    const result = await revokeLaunchTokens(tx, { playerId });
    await recordAdminAction(tx, { actor, action: "revoke_tokens", playerId, details: result });
    return result;
  });
}

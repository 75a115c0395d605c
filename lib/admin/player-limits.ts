import type { z } from "zod";
import type { Executor } from "@/db/client";
import type { PlayerRow } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { isWellFormedId } from "@/lib/ids";
import { findPlayerById } from "@/lib/ledger/queries";
import { findPlayerLimits, limitValuesOfRow } from "@/lib/ledger/limit-check";
import { lockPlayer } from "@/lib/ledger/locks";
import type { AdminPlayerLimits } from "@/lib/players/limits-contract";
import { limitsRefused, readLimits, saveLimits, toLimitSet, toPlayerLimits } from "@/lib/players/limits";
import { limitProblems, limitValuesOf, type LimitsInput } from "@/lib/shared/player-limits";
import { recordAdminAction, type Actor } from "./audit";

// Support's side of a player's limits: read them with their usage, and set any of them, loosening
// included, each change in the audit log with the limits before and after.

const notFound = (playerId: string) => new AppError("player_not_found", `No player has the id "${playerId}".`);

async function present(db: Executor, player: PlayerRow, now: Date): Promise<z.input<typeof AdminPlayerLimits>> {
  const read = await readLimits(db, { player, now });
  return { ...toPlayerLimits(read), player_id: player.id, updated_by: read.row?.updatedBy ?? null };
}

/** GET /v1/admin/players/{player_id}/limits data. */
export async function getPlayerLimits(db: Executor, { playerId, now = new Date() }: { playerId: string; now?: Date }) {
  const player = isWellFormedId(playerId) ? await findPlayerById(db, playerId) : undefined;
  if (!player) throw notFound(playerId);
  return present(db, player, now);
}

/** PUT /v1/admin/players/{player_id}/limits: the whole set, as support decides it. */
export async function setPlayerLimits(db: Executor, { playerId, input, actor, now = new Date() }: { playerId: string; input: LimitsInput; actor: Actor; now?: Date }) {
  return db.transaction(async (tx) => {
    const player = isWellFormedId(playerId) ? await lockPlayer(tx, playerId) : undefined;
    if (!player) throw notFound(playerId);
    const current = limitValuesOfRow(await findPlayerLimits(tx, player.id));
    const next = limitValuesOf(input);
    const problems = limitProblems(next, { current, currency: player.currency, now });
    if (problems.length > 0) throw limitsRefused("Invalid body:", problems);
    await saveLimits(tx, { playerId: player.id, values: next, updatedBy: actor.name });
    await recordAdminAction(tx, {
      actor,
      action: "set_limits",
      playerId: player.id,
      details: { currency: player.currency, before: toLimitSet(current, player.currency, now), after: toLimitSet(next, player.currency, now) },
    });
    return present(tx, player, now);
  });
}

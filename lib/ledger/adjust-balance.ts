import type { Executor } from "@/db/client";
import type { PlayerRow } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { formatMoney } from "@/lib/money/amount";
import type { Decimal } from "@/lib/money/decimal";
import { totalBalance } from "./balance";
import { OPERATOR } from "./accounts";
import { lockPlayer } from "./locks";
import { recordMovement, type WrittenEntry } from "./movements";
import { adjustmentParts } from "./rules";

/** Why the player's balance cannot take the adjustment (a negative one past it), or undefined. */
export function adjustmentShortfall(player: PlayerRow, amount: Decimal): AppError | undefined {
  if (adjustmentParts({ real: player.realBalance, bonus: player.bonusBalance }, amount)) return undefined;
  return new AppError(
    "insufficient_funds",
    `The adjustment of ${formatMoney(amount, player.currency)} ${player.currency} would take more than the balance of ${totalBalance(player)} ${player.currency}; nothing was changed.`,
  );
}

/**
 * Applies an operator's adjustment to a player's balance, in the caller's transaction: a transfer
 * between the operator's account and the player's, of kind `adjustment` and cause `admin_adjustment`.
 * A positive amount pays the player (into real money); a negative one takes from them, real money
 * first, then bonus money, and is refused past the balance with nothing moved. The row's transfer_id
 * is the adjustment's id.
 */
export async function adjustBalance(tx: Executor, { playerId, amount, adjustmentId }: { playerId: string; amount: Decimal; adjustmentId: string }): Promise<WrittenEntry> {
  const player = await lockPlayer(tx, playerId);
  if (!player) throw new AppError("player_not_found", `No player has the id "${playerId}".`);
  const way = adjustmentParts({ real: player.realBalance, bonus: player.bonusBalance }, amount);
  if (!way) throw adjustmentShortfall(player, amount)!;
  return recordMovement(tx, {
    player,
    kind: "adjustment",
    direction: way.direction,
    cause: "admin_adjustment",
    counterpart: OPERATOR,
    parts: way.parts,
    movement: { transferId: adjustmentId, reason: "adjustment" },
  });
}

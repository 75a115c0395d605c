import type { Executor } from "@/db/client";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { formatMoney } from "@/lib/money/amount";
import type { Decimal } from "@/lib/money/decimal";
import { totalBalance } from "@/lib/ledger/balance";
import { potAccount } from "./accounts";
import { refuseBetPastLimits } from "./limit-check";
import { lockPlayer } from "./locks";
import { recordMovement } from "./movements";
import { splitDebit } from "./rules";

/**
 * Takes a room's bet from a player, in the caller's transaction: real money first, then bonus money.
 * The debit's transfer_id is what the platform names to refund it; its round is the room, and the
 * money goes into the room's pot.
 */
export async function debitBet(tx: Executor, { playerId, amount, roomId }: { playerId: string; amount: Decimal; roomId: string }): Promise<{ transferId: string }> {
  const player = await lockPlayer(tx, playerId);
  if (!player) throw new AppError("player_not_found", `No player has the id "${playerId}".`);
  // Under the player's row lock: a block that commits first is always seen.
  if (player.blockedAt !== null) throw new AppError("player_blocked", "This account is blocked: it cannot take a seat, and nothing was debited. Contact support.");
  await refuseBetPastLimits(tx, { player, amount });
  const parts = splitDebit({ real: player.realBalance, bonus: player.bonusBalance }, amount);
  if (!parts) {
    throw new AppError(
      "insufficient_funds",
      `The bet of ${formatMoney(amount, player.currency)} ${player.currency} is more than the balance of ${totalBalance(player)} ${player.currency}.`,
    );
  }
  const transferId = newId();
  await recordMovement(tx, { player, kind: "debit", cause: "bet", counterpart: potAccount(roomId), parts, movement: { transferId, roundId: roomId, reason: "bet" } });
  return { transferId };
}

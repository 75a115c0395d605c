import type { Executor } from "@/db/client";
import type { LedgerEntryRow, PlayerRow } from "@/db/schema";
import { Decimal } from "@/lib/money/decimal";
import type { MovementCause } from "./causes";
import { recordMovement, type Movement, type WrittenEntry } from "./movements";

/**
 * Returns a bet (a debit) in full, to the real and bonus money it came from, in the caller's
 * transaction: the one refund of the platform's callback, of a player leaving a room and of an
 * admin closing one; `cause` says which. The caller holds the player's lock and has found the bet not yet refunded;
 * the unique index on `refunds_entry_id` refuses a second refund of it anyway.
 */
export function refundBet(
  tx: Executor,
  {
    player,
    debit,
    cause,
    movement,
    respond,
  }: {
    player: PlayerRow;
    debit: LedgerEntryRow;
    cause: Extract<MovementCause, "left_room" | "removed_by_admin" | "room_closed" | "platform_refund">;
    movement: Omit<Movement, "refundsEntryId" | "transferId">;
    respond?: Parameters<typeof recordMovement>[1]["respond"];
  },
): Promise<WrittenEntry> {
  return recordMovement(tx, {
    player,
    kind: "refund",
    cause,
    // Out of the pot the bet went into.
    counterpart: debit.toAccount,
    parts: { real: new Decimal(debit.realAmount), bonus: new Decimal(debit.bonusAmount) },
    movement: { ...movement, transferId: debit.transferId, refundsEntryId: debit.id },
    respond,
  });
}

import type { WrittenEntry } from "@/lib/ledger/movements";
import { formatMoney } from "@/lib/money/amount";

/** A refund an admin action made, as its answer and its audit row tell it. */
export const refundSummary = (e: WrittenEntry) => ({
  player_id: e.playerId,
  transfer_id: e.transferId,
  casino_transfer_id: e.id,
  amount: formatMoney(e.amount, e.currency),
  currency: e.currency,
});
export type RefundSummary = ReturnType<typeof refundSummary>;

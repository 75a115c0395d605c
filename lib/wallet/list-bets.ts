import type { z } from "zod";
import type { Executor } from "@/db/client";
import { formatMoney } from "@/lib/money/amount";
import { readByDeadline } from "@/lib/deadline";
import { findBetsOfRound } from "@/lib/ledger/queries";
import type { BetsAnswer } from "./contract";

/**
 * POST /wallet/bets: the bets of a round, for a platform that holds only the signing secret and must
 * name a bet's transfer_id to refund it. A round is a room: its id is the round_id of every bet taken for it.
 */
export async function listBets(db: Executor, { roundId, deadlineMs }: { roundId: string; deadlineMs: number }): Promise<z.input<typeof BetsAnswer>> {
  const rows = await readByDeadline(findBetsOfRound(db, roundId), Date.now() + deadlineMs);
  return {
    status_code: "OK",
    message: `${rows.length} ${rows.length === 1 ? "bet" : "bets"} in round ${roundId}.`,
    round_id: roundId,
    bets: rows.map(({ bet, refundId }) => ({
      transfer_id: bet.transferId,
      player_id: bet.playerId,
      amount: formatMoney(bet.amount, bet.currency),
      currency: bet.currency,
      refunded: refundId !== null,
      refund_casino_transfer_id: refundId ?? "",
    })),
  };
}

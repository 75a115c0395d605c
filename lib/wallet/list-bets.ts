import type { z } from "zod";
import type { Executor } from "@/db/client";
import { formatMoney } from "@/lib/money/amount";
import { readByDeadline } from "@/lib/deadline";
import { findBetsPageOfRound } from "@/lib/ledger/queries";
import { pageInfo, pageOffset } from "@/lib/pagination";
import type { BetsAnswer } from "./contract";

type BetOnPage = Awaited<ReturnType<typeof findBetsPageOfRound>>["bets"][number];

/** A bet as the platform reads it: what a refund names, and whether one already returned it. */
function toRoundBet({ bet, refundId }: BetOnPage) {
  return {
    transfer_id: bet.transferId,
    // A debit always has its player (ledger_player_side).
    player_id: bet.playerId!,
    amount: formatMoney(bet.amount, bet.currency),
    currency: bet.currency,
    refunded: refundId !== null,
    refund_casino_transfer_id: refundId ?? "",
  };
}

/** "2 bets in round X." when one page holds them all; else which page this is, of how many. */
function betsMessage(roundId: string, { total, page, total_pages }: { total: number; page: number; total_pages: number }): string {
  const counted = `${total} ${total === 1 ? "bet" : "bets"} in round ${roundId}`;
  if (page === 1 && total_pages <= 1) return `${counted}.`;
  return page <= total_pages ? `${counted}; page ${page} of ${total_pages}.` : `${counted}; page ${page} is past the last (${total_pages}).`;
}

/**
 * POST /wallet/bets: a page of the bets of a round, for a platform that holds only the signing secret
 * and must name a bet's transfer_id to refund it. A round is a room: its id is the round_id of every
 * bet taken for it. Pages are numbered from 1, oldest bets first; a page past the end is empty.
 */
export async function listBets(
  db: Executor,
  { roundId, page, limit, deadlineMs }: { roundId: string; page: number; limit: number; deadlineMs: number },
): Promise<z.input<typeof BetsAnswer>> {
  const { total, bets } = await readByDeadline(findBetsPageOfRound(db, { roundId, offset: pageOffset(page, limit), limit }), Date.now() + deadlineMs);
  const paging = pageInfo(total, page, limit);
  return { status_code: "OK", message: betsMessage(roundId, paging), round_id: roundId, bets: bets.map(toRoundBet), ...paging };
}

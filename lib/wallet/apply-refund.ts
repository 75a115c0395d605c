import type { Executor } from "@/db/client";
import { isWellFormedId } from "@/lib/ids";
import { balanceText, formatMoney } from "@/lib/money/amount";
import { Decimal } from "@/lib/money/decimal";
import { totalBalance } from "@/lib/players/present";
import { lockPlayer, walletTransaction } from "./ledger";
import { refundBet } from "./refund-bet";
import { findDebitByTransferId, findRefundByReferenceId, findRefundOf, recordRefundAttempt } from "./queries";
import { sameTransfer } from "./rules";
import type { RefundRequest } from "./schemas";
import { refusal, type WalletAnswer } from "./status-codes";

/**
 * POST /wallet/refund: returns a bet (a debit) in full, to the real and bonus money it came from,
 * at most once. An exact repeat of a refund (same reference_id) gets the first answer again.
 */
export async function applyRefund(db: Executor, { request, deadlineMs }: { request: RefundRequest; deadlineMs: number }): Promise<WalletAnswer> {
  return walletTransaction(db, Date.now() + deadlineMs, async (tx): Promise<WalletAnswer> => {
    const player = isWellFormedId(request.player_id) ? await lockPlayer(tx, request.player_id) : undefined;
    if (!player) return refusal("ERR_INVALID_PLAYER_ID", `No player has the id "${request.player_id}".`);
    const balance = totalBalance(player);
    const facts = { playerId: player.id, amount: request.amount, currency: request.currency, roundId: request.round_id };

    const previous = await findRefundByReferenceId(tx, request.reference_id);
    if (previous) {
      if (previous.transferId === request.transfer_id && sameTransfer(previous, facts)) return previous.response as WalletAnswer;
      return refusal("ERR_DUPLICATE_TRANSFER", `reference_id "${request.reference_id}" was already used for another refund.`, balance);
    }
    if (request.currency !== player.currency) {
      return refusal("ERR_INVALID_ACCOUNT", `The player's account is in ${player.currency}, not ${request.currency}.`, balance);
    }

    const debit = await findDebitByTransferId(tx, request.transfer_id);
    if (!debit) {
      await recordRefundAttempt(tx, {
        transferId: request.transfer_id,
        referenceId: request.reference_id,
        playerId: request.player_id,
        amount: request.amount.toFixed(),
        currency: request.currency,
        statusCode: "ERR_TRANSFER_DOES_NOT_EXIST",
        request: { ...request, amount: request.amount.toFixed() },
      });
      return refusal("ERR_TRANSFER_DOES_NOT_EXIST", `No bet has transfer_id "${request.transfer_id}".`, balance);
    }
    if (debit.playerId !== player.id) {
      return refusal("ERR_INVALID_PLAYER_ID", `transfer_id "${request.transfer_id}" belongs to another player.`, balance);
    }
    if (!new Decimal(debit.amount).equals(request.amount)) {
      return refusal("ERR_AMOUNT_MISMATCH", `The refund must equal the original amount, ${formatMoney(debit.amount, debit.currency)}.`, balance);
    }
    if (await findRefundOf(tx, debit.id)) {
      return refusal("ERR_TRANSFER_ROLLED_BACK", `transfer_id "${request.transfer_id}" was already refunded.`, balance);
    }

    const entry = await refundBet(tx, {
      player,
      debit,
      movement: {
        roundId: request.round_id,
        reason: request.reason,
        referenceId: request.reference_id,
        requestId: request.request_id,
        sessionId: request.session_id,
        gameCode: request.game_code,
        platformTimestamp: request.timestamp,
      },
      respond: ({ id, realAfter, bonusAfter }): WalletAnswer => ({
        status_code: "OK",
        message: "Refund registered.",
        balance: balanceText({ real: realAfter, bonus: bonusAfter }, player.currency),
        casino_transfer_id: id,
      }),
    });
    return entry.response as WalletAnswer;
  });
}

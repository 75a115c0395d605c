import type { Executor } from "@/db/client";
import type { LedgerEntryRow, PlayerRow } from "@/db/schema";
import { isWellFormedId } from "@/lib/ids";
import { balanceText, formatMoney } from "@/lib/money/amount";
import { Decimal } from "@/lib/money/decimal";
import { totalBalance } from "@/lib/ledger/balance";
import { applyRefundToRoom } from "@/lib/rooms/after-refund";
import { readByDeadline } from "@/lib/deadline";
import { lockPlayer, lockRoom } from "@/lib/ledger/locks";
import { findDebitByTransferId, findRefundOf } from "@/lib/ledger/queries";
import { refundBet } from "@/lib/ledger/refund-bet";
import { sameTransfer } from "@/lib/ledger/rules";
import { potRound } from "@/lib/ledger/accounts";
import { refundRefusal } from "@/lib/ledger/limits";
import { readRound, roundAfterRefund } from "@/lib/ledger/pots";
import { log } from "@/lib/observability/log";
import { recordWalletLimit } from "@/lib/observability/metrics";
import { findRegisteredUnder, recordRefundAttempt } from "./queries";
import { walletTransaction } from "./transaction";
import type { RefundRequest } from "./schemas";
import { refusal, type WalletAnswer } from "./status-codes";

/**
 * POST /wallet/refund: returns a bet (a debit) in full, to the real and bonus money it came from,
 * at most once, and applies what that means to the bet's room (lib/rooms/after-refund.ts). An exact
 * repeat (same reference_id and transfer) gets its stored answer, whatever its X-Timestamp: a retry
 * after an outage must learn what happened. A bet that is back already answers OK with the refund
 * that returned it and moves nothing.
 */
export async function applyRefund(
  db: Executor,
  { request, deadlineMs, timestampProblem }: { request: RefundRequest; deadlineMs: number; timestampProblem?: string },
): Promise<WalletAnswer> {
  const deadlineAt = Date.now() + deadlineMs;
  // Stored answers never change once committed: read without a lock.
  const repeat = replayOf(await readByDeadline(findRegisteredUnder(db, request.reference_id), deadlineAt), request);
  if (repeat) return repeat;
  if (timestampProblem) return refusal("ERR_INTEGRITY_CHECK_FAILED", `${timestampProblem}.`);

  return walletTransaction(db, deadlineAt, async (tx): Promise<WalletAnswer> => {
    // Room before player: the lock order of every movement of money (lib/ledger/locks.ts).
    const debit = await findDebitByTransferId(tx, request.transfer_id);
    const room = debit?.roundId && isWellFormedId(debit.roundId) ? await lockRoom(tx, debit.roundId) : undefined;
    const player = isWellFormedId(request.player_id) ? await lockPlayer(tx, request.player_id) : undefined;
    if (!player) return refusal("ERR_INVALID_PLAYER_ID", `No player has the id "${request.player_id}".`);
    const balance = totalBalance(player);

    const previous = await findRegisteredUnder(tx, request.reference_id);
    const stored = replayOf(previous, request);
    if (stored) return stored;
    if (previous) {
      return refusal("ERR_DUPLICATE_TRANSFER", `reference_id "${request.reference_id}" was already used for another refund.`, balance);
    }
    if (request.currency !== player.currency) {
      return refusal("ERR_INVALID_ACCOUNT", `The player's account is in ${player.currency}, not ${request.currency}.`, balance);
    }
    if (!debit) {
      await recordRefundAttempt(tx, attemptOf(request, "ERR_TRANSFER_DOES_NOT_EXIST"));
      return refusal("ERR_TRANSFER_DOES_NOT_EXIST", `No bet has transfer_id "${request.transfer_id}".`, balance);
    }
    if (debit.playerId !== player.id) {
      return refusal("ERR_INVALID_PLAYER_ID", `transfer_id "${request.transfer_id}" belongs to another player.`, balance);
    }
    if (!new Decimal(debit.amount).equals(request.amount)) {
      return refusal("ERR_AMOUNT_MISMATCH", `The refund must equal the original amount, ${formatMoney(debit.amount, debit.currency)}.`, balance);
    }

    const earlier = await findRefundOf(tx, debit.id);
    if (!earlier) {
      // Checked against the pot the bet went into, under its room's lock.
      const roundId = potRound(debit.toAccount);
      const round = roundId === undefined ? undefined : await readRound(tx, roundId);
      const after = room && round && round.roundId === room.id ? roundAfterRefund(round, { amount: debit.amount, rakePercentage: room.rakePercentage }) : undefined;
      const limited = refundRefusal({ roundId: roundId ?? null, settled: round?.pot?.settledAt != null, after, currency: debit.currency });
      if (limited) {
        recordWalletLimit({ endpoint: "refund", limit: limited.limit });
        log("warn", "wallet refund refused by a risk limit", { limit: limited.limit, transfer_id: request.transfer_id, reference_id: request.reference_id, player_id: request.player_id });
        return refusal(limited.status_code, limited.message, balance);
      }
    }
    const answer = earlier ? await answerReturned(tx, { request, player, earlier }) : await returnBet(tx, { request, player, debit });
    if (room) await applyRefundToRoom(tx, { room, bet: debit, reason: request.reason });
    return answer;
  });
}

/** The answer stored for an exact repeat of this refund, when `previous` is one. */
function replayOf(previous: Awaited<ReturnType<typeof findRegisteredUnder>>, request: RefundRequest): WalletAnswer | undefined {
  const facts = { playerId: request.player_id, amount: request.amount, currency: request.currency, roundId: request.round_id };
  if (previous && previous.transferId === request.transfer_id && sameTransfer(previous, facts)) return previous.response as WalletAnswer;
  return undefined;
}

async function returnBet(tx: Executor, { request, player, debit }: { request: RefundRequest; player: PlayerRow; debit: LedgerEntryRow }) {
  const entry = await refundBet(tx, {
    player,
    debit,
    // Whatever its reference_id says: the platform's refunds are the platform's.
    cause: "platform_refund",
    movement: {
      roundId: request.round_id,
      reason: request.reason,
      referenceId: request.reference_id,
      requestId: request.request_id,
      sessionId: request.session_id,
      gameCode: request.game_code,
      platformTimestamp: String(request.timestamp),
    },
    respond: ({ id, realAfter, bonusAfter }): WalletAnswer => ({
      status_code: "OK",
      message: "Refund registered.",
      balance: balanceText({ real: realAfter, bonus: bonusAfter }, player.currency),
      casino_transfer_id: id,
    }),
  });
  return entry.response as WalletAnswer;
}

/**
 * The bet came back already (the player left, an admin closed the room, or another reference_id):
 * the money is back, which is what the platform needs to hear. Nothing moves; the attempt is kept
 * with its answer, which its exact repeats get again.
 */
async function answerReturned(tx: Executor, { request, player, earlier }: { request: RefundRequest; player: PlayerRow; earlier: LedgerEntryRow }) {
  const answer: WalletAnswer = {
    status_code: "OK",
    message: `The bet was returned already by refund ${earlier.id} (${earlier.reason}); nothing moved.`,
    balance: totalBalance(player),
    casino_transfer_id: earlier.id,
  };
  await recordRefundAttempt(tx, { ...attemptOf(request, "OK"), returnedBy: earlier.id, response: answer });
  return answer;
}

const attemptOf = (request: RefundRequest, statusCode: string) => ({
  transferId: request.transfer_id,
  referenceId: request.reference_id,
  playerId: request.player_id,
  amount: request.amount.toFixed(),
  currency: request.currency,
  roundId: request.round_id,
  statusCode,
  request: { ...request, amount: request.amount.toFixed() },
});

import type { Executor } from "@/db/client";
import { isUniqueViolation } from "@/db/errors";
import type { LedgerEntryRow, PlayerRow } from "@/db/schema";
import { BalanceLimitExceeded } from "@/lib/errors";
import { isWellFormedId } from "@/lib/ids";
import { balanceText, formatMoney } from "@/lib/money/amount";
import { Decimal, type DecimalValue } from "@/lib/money/decimal";
import { log } from "@/lib/observability/log";
import { recordWalletLimit } from "@/lib/observability/metrics";
import { PLATFORM } from "@/lib/ledger/accounts";
import { creditRefusal, type LimitRefusal } from "@/lib/ledger/limits";
import { readRound, roundFacts, settlePot } from "@/lib/ledger/pots";
import { totalBalance } from "@/lib/ledger/balance";
import { recordRoomEnded } from "@/lib/rooms/outbox";
import { saveRoomState } from "@/lib/rooms/queries";
import { lockPlayer, lockRoom } from "@/lib/ledger/locks";
import { applyChange } from "@/lib/rooms/transitions";
import { readByDeadline } from "@/lib/deadline";
import { recordMovement, recordMovementIfUnchanged, type MovementOf } from "@/lib/ledger/movements";
import { creditParts, sameTransfer } from "@/lib/ledger/rules";
import { findCreditAndPlayer, findCreditByTransferId } from "./queries";
import { walletTransaction } from "./transaction";
import type { CreditRequest } from "./schemas";
import { refusal, type WalletAnswer } from "./status-codes";

/**
 * POST /wallet/credit: deposits a win exactly once per transfer_id. An exact repeat gets the first
 * answer again; the same transfer_id for anything else is refused. Concurrent repeats queue on the
 * player's row lock; the database's unique index settles any race that gets past it.
 */
export async function applyCredit(
  db: Executor,
  { request, deadlineMs, maxCredit }: { request: CreditRequest; deadlineMs: number; maxCredit?: DecimalValue },
): Promise<WalletAnswer> {
  // An exact repeat is answered from its ledger row, which never changes once committed, without
  // queuing on the player's lock: platforms retry in bursts, and a retry must not wait behind new work.
  const deadlineAt = Date.now() + deadlineMs;
  const { earlier, player: unlocked, isRoomRound } = await readByDeadline(
    findCreditAndPlayer(db, { transferId: request.transfer_id, playerId: request.player_id, roundId: request.round_id }),
    deadlineAt,
  );
  if (earlier && isRepeatOf(earlier, request)) return earlier.response as WalletAnswer;
  // Over the cap: refused at once, with no lock taken.
  const capped = !earlier && creditRefusal({ amount: request.amount, currency: request.currency, jackpot: undefined, maxCredit, round: undefined });
  if (capped) return refused(capped, request, unlocked && totalBalance(unlocked));
  // A fresh credit for a round that is no lobby room: one statement, when nothing else moves the
  // player's money, and while the read left enough time (that statement's wait for a connection has
  // no deadline). A lobby room's round is checked against its pot, under its room's lock.
  if (!earlier && unlocked && !isRoomRound && deadlineAt - Date.now() > deadlineMs / 2) {
    const answer = await creditAtOnce(db, request, unlocked);
    if (answer) return answer;
  }

  return walletTransaction(db, deadlineAt, async (tx): Promise<WalletAnswer> => {
    // A credit for a room's round is checked against its pot, and the last one settles the pot and
    // finishes the room. Room before player: the lock order of every movement of money
    // (lib/ledger/locks.ts), so a credit and a join never wait on each other in a circle.
    const room = isWellFormedId(request.round_id) ? await lockRoom(tx, request.round_id) : undefined;
    const player = isWellFormedId(request.player_id) ? await lockPlayer(tx, request.player_id) : undefined;
    if (!player) return refusal("ERR_INVALID_PLAYER_ID", `No player has the id "${request.player_id}".`);
    const balance = totalBalance(player);

    const existing = await findCreditByTransferId(tx, request.transfer_id);
    if (existing) {
      if (isRepeatOf(existing, request)) return existing.response as WalletAnswer;
      return refusal("ERR_DUPLICATE_TRANSFER", `transfer_id "${request.transfer_id}" was already used for another credit.`, balance);
    }
    if (request.currency !== player.currency) {
      return refusal("ERR_INVALID_ACCOUNT", `The player's account is in ${player.currency}, not ${request.currency}.`, balance);
    }

    const round = room && roundFacts(await readRound(tx, room.id, { betsOf: player.id }), { rakePercentage: room.rakePercentage, started: room.status !== "waiting" });
    const jackpot = request.jackpot_wins instanceof Decimal ? request.jackpot_wins : undefined;
    const limited = creditRefusal({ amount: request.amount, currency: request.currency, jackpot, maxCredit, round });
    if (limited) return refused(limited, request, balance);

    const entry = await recordMovement(tx, creditMovement(request, player));
    if (room && request.round_completed) {
      // A playing room's round is over: its pot settles as the room finishes. A room that still
      // waits (or is finished already) neither finishes nor settles; its bets may still come back.
      const finished = applyChange(room, { kind: "finish" });
      if (finished.ok) {
        await settlePot(tx, { roundId: room.id, rakePercentage: room.rakePercentage });
        await saveRoomState(tx, room.id, finished.next);
        await recordRoomEnded(tx, { roomId: room.id, reason: "round_completed" });
      }
    }
    return entry.response as WalletAnswer;
  });
}

/** A risk limit's refusal: definitive, counted, and logged for the operator. */
function refused(limit: LimitRefusal, request: CreditRequest, balance: string | undefined): WalletAnswer {
  recordWalletLimit({ endpoint: "credit", limit: limit.limit });
  log("warn", "wallet credit refused by a risk limit", { limit: limit.limit, transfer_id: request.transfer_id, round_id: request.round_id, player_id: request.player_id, amount: request.amount.toFixed() });
  return refusal(limit.status_code, limit.message, balance);
}

/**
 * The credit as one statement, decided from the player's row read without a lock. Undefined when it
 * cannot apply (the balance moved, the row is held, or the transfer raced in), and for every refusal:
 * the locking path decides those.
 */
async function creditAtOnce(db: Executor, request: CreditRequest, player: PlayerRow): Promise<WalletAnswer | undefined> {
  if (player.currency !== request.currency) return undefined;
  try {
    return (await recordMovementIfUnchanged(db, creditMovement(request, player))) as WalletAnswer | undefined;
  } catch (error) {
    // A racing repeat, or a balance too high for this credit: the locking path decides either.
    if (isUniqueViolation(error) || error instanceof BalanceLimitExceeded) return undefined;
    throw error;
  }
}

/** What a credit writes: its parts, the platform's fields worth keeping, and the answer stored with it. */
function creditMovement(request: CreditRequest, player: PlayerRow): MovementOf {
  const parts = creditParts(request.amount, request.gift_spin !== undefined);
  return {
    player,
    kind: "credit",
    cause: "win",
    // Wins come from the platform, which a settled pot paid (lib/ledger/pots.ts).
    counterpart: PLATFORM,
    parts,
    movement: {
      transferId: request.transfer_id,
      roundId: request.round_id,
      reason: request.reason,
      requestId: request.request_id,
      sessionId: request.session_id,
      gameCode: request.game_code,
      roundCompleted: request.round_completed,
      platformTimestamp: String(request.timestamp),
      giftSpin: request.gift_spin ?? null,
      // Stored as given: an amount as its decimal text, an object as it came.
      jackpotWins: request.jackpot_wins instanceof Decimal ? request.jackpot_wins.toFixed() : (request.jackpot_wins ?? null),
      deduction: request.deduction?.toFixed() ?? null,
    },
    respond: ({ id, realAfter, bonusAfter }): WalletAnswer => ({
      status_code: "OK",
      message: "Credit registered.",
      balance: balanceText({ real: realAfter, bonus: bonusAfter }, player.currency),
      casino_transfer_id: id,
      real_amount: formatMoney(parts.real, player.currency),
      bonus_amount: formatMoney(parts.bonus, player.currency),
    }),
  };
}

const isRepeatOf = (entry: LedgerEntryRow, request: CreditRequest) =>
  sameTransfer(entry, { playerId: request.player_id, amount: request.amount, currency: request.currency, roundId: request.round_id });

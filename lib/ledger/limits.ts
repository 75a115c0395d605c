import { formatMoney } from "@/lib/money/amount";
import { Decimal, type DecimalValue } from "@/lib/money/decimal";

// Risk limits on what the platform may pay, decided before any money moves, so that neither a leaked
// signing secret nor a platform's bug can pay more than a round holds (docs/wallet.md, "Risk limits").
// Each refusal is definitive: the same call would be refused again.

export type LimitName = "max_credit" | "not_started" | "not_in_round" | "over_pot" | "round_settled" | "wins_paid";

export interface LimitRefusal {
  limit: LimitName;
  status_code: "ERR_AMOUNT_MISMATCH" | "ERR_INVALID_PLAYER_ID" | "ERR_TRANSFER_DOES_NOT_EXIST";
  message: string;
}

/** What a credit for a lobby room's round is checked against: the round's pot and what it has paid. */
export interface RoundFacts {
  roundId: string;
  /** Whether the round has started (its room plays, or played): a waiting room's round pays nothing. */
  started: boolean;
  /** Whether the player placed a bet in the round. */
  isBettor: boolean;
  /** Every bet still in the pot, or, once settled, what the pot held when it settled. */
  stake: DecimalValue;
  /** The house's share of `stake`: the rake taken at settlement, or that it would take now. */
  rake: DecimalValue;
  /** The credits the round has paid so far. */
  paid: DecimalValue;
  /** Jackpot wins the round's credits declared so far (`jackpot_wins` as an amount). */
  jackpots: DecimalValue;
}

/**
 * Why a credit must be refused, or undefined. Every credit is capped by `maxCredit` (WALLET_MAX_CREDIT)
 * when set. A credit for a lobby room's round goes only to a player who bet in it, and the round's
 * credits may not pass its pot less the rake, plus the jackpot wins they declare.
 */
export function creditRefusal({
  amount,
  currency,
  jackpot,
  maxCredit,
  round,
}: {
  amount: Decimal;
  currency: string;
  jackpot: Decimal | undefined;
  maxCredit: DecimalValue | undefined;
  round: RoundFacts | undefined;
}): LimitRefusal | undefined {
  const money = (value: DecimalValue) => `${formatMoney(value, currency)} ${currency}`;
  if (maxCredit !== undefined && amount.greaterThan(maxCredit)) {
    return { limit: "max_credit", status_code: "ERR_AMOUNT_MISMATCH", message: `The credit of ${money(amount)} is more than the most one credit may pay, ${money(maxCredit)}.` };
  }
  if (!round) return undefined;
  if (!round.started) {
    return { limit: "not_started", status_code: "ERR_AMOUNT_MISMATCH", message: `Round ${round.roundId} has not started: its room is still waiting for players, so it pays nothing yet.` };
  }
  if (!round.isBettor) {
    return { limit: "not_in_round", status_code: "ERR_INVALID_PLAYER_ID", message: `The player placed no bet in round ${round.roundId}: only its players can win it.` };
  }
  const payable = new Decimal(round.stake).minus(round.rake).plus(round.jackpots).plus(jackpot ?? 0);
  const paid = new Decimal(round.paid);
  if (paid.plus(amount).greaterThan(payable)) {
    return {
      limit: "over_pot",
      status_code: "ERR_AMOUNT_MISMATCH",
      message: `Round ${round.roundId} can pay at most ${money(payable)} (its pot of ${money(round.stake)} less the rake of ${money(round.rake)}, plus declared jackpot wins); it has paid ${money(paid)}, so ${money(amount)} more is too much.`,
    };
  }
  return undefined;
}

/**
 * Why the platform's refund of a bet must be refused, or undefined: its round has completed and its
 * pot settled, or the round has paid wins that the pot, less this bet, would no longer cover (a
 * player would keep a win and have the stake back). `after` is the round as it would stand after
 * the refund; none for a bet whose round is no lobby room's.
 */
export function refundRefusal({ roundId, settled, after, currency }: { roundId: string | null; settled: boolean; after?: Omit<RoundFacts, "isBettor" | "started">; currency: string }): LimitRefusal | undefined {
  if (settled) {
    return {
      limit: "round_settled",
      status_code: "ERR_TRANSFER_DOES_NOT_EXIST",
      message: `Round ${roundId} has completed and its pot settled: its bets can no longer be refunded, not even to be paid again.`,
    };
  }
  if (!after) return undefined;
  const covered = new Decimal(after.stake).minus(after.rake).plus(after.jackpots);
  if (new Decimal(after.paid).lessThanOrEqualTo(covered)) return undefined;
  const money = (value: DecimalValue) => `${formatMoney(value, currency)} ${currency}`;
  return {
    limit: "wins_paid",
    status_code: "ERR_AMOUNT_MISMATCH",
    message: `Round ${roundId} has paid wins of ${money(after.paid)}; without this bet its pot, less the rake, plus declared jackpot wins, would hold only ${money(covered)}.`,
  };
}

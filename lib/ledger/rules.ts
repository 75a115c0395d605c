import { minorUnits } from "@/lib/money/currencies";
import { Decimal, type DecimalValue } from "@/lib/money/decimal";

export interface Parts {
  real: Decimal;
  bonus: Decimal;
}

/** A bet is paid from real money first, then bonus money; undefined when both together fall short. */
export function splitDebit(balance: { real: DecimalValue; bonus: DecimalValue }, amount: Decimal): Parts | undefined {
  const real = new Decimal(balance.real);
  const bonus = new Decimal(balance.bonus);
  if (real.plus(bonus).lessThan(amount)) return undefined;
  const fromReal = Decimal.min(real, amount);
  return { real: fromReal, bonus: amount.minus(fromReal) };
}

/** A credit that carries gift_spin (a bonus or campaign win) goes to bonus money; any other to real money. */
export function creditParts(amount: Decimal, isBonus: boolean): Parts {
  const zero = new Decimal(0);
  return isBonus ? { real: zero, bonus: amount } : { real: amount, bonus: zero };
}

/** The kinds of rows that move a player's money (a settlement moves a pot's). */
export type PlayerMovementKind = "deposit" | "debit" | "credit" | "refund";

/** How a movement of each kind changes the balances: debits take, everything else gives. */
export function signedParts(kind: PlayerMovementKind, parts: Parts): Parts {
  return kind === "debit" ? { real: parts.real.negated(), bonus: parts.bonus.negated() } : parts;
}

export interface TransferFacts {
  playerId: string | null;
  amount: DecimalValue;
  currency: string;
  roundId: string | null;
}

/** Whether a repeated transfer id describes the same transfer: same player, amount, currency and round. */
export function sameTransfer(a: TransferFacts, b: TransferFacts): boolean {
  return a.playerId === b.playerId && new Decimal(a.amount).equals(b.amount) && a.currency === b.currency && a.roundId === b.roundId;
}

/**
 * The house's share of a settling pot: the room's rake percentage of the whole pot, rounded down once
 * to the currency's minor units (docs/wallet.md, "Settlement"). Rounding the pot, not each bet, keeps
 * the rake of a round what its rate says, whatever the number of seats.
 */
export function rakeOf(pot: DecimalValue, rakePercentage: DecimalValue, currency: string): Decimal {
  return new Decimal(pot).times(rakePercentage).dividedBy(100).toDecimalPlaces(minorUnits(currency), Decimal.ROUND_DOWN);
}

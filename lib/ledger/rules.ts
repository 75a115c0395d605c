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
export type PlayerMovementKind = "deposit" | "debit" | "credit" | "refund" | "adjustment";

/** Which way a movement goes for its player: `out` takes from their balance, `in` adds to it. */
export type Direction = "in" | "out";

/** How a movement changes the balances: money out is negative. */
export function signedBy(direction: Direction, parts: Parts): Parts {
  return direction === "out" ? { real: parts.real.negated(), bonus: parts.bonus.negated() } : parts;
}

/** How a movement of each kind changes the balances: debits take, deposits, credits and refunds give (an adjustment goes either way). */
export function signedParts(kind: Exclude<PlayerMovementKind, "adjustment">, parts: Parts): Parts {
  return signedBy(kind === "debit" ? "out" : "in", parts);
}

/**
 * An operator's adjustment of a signed amount: money given goes to real money; money taken comes
 * from real money first, then bonus money, as a bet does. Undefined when the balance falls short of
 * what it would take.
 */
export function adjustmentParts(balance: { real: DecimalValue; bonus: DecimalValue }, amount: Decimal): { direction: Direction; parts: Parts } | undefined {
  if (amount.isNegative()) {
    const parts = splitDebit(balance, amount.negated());
    return parts && { direction: "out", parts };
  }
  return { direction: "in", parts: creditParts(amount, false) };
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

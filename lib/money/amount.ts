import { Decimal, type DecimalValue } from "./decimal";
import { minorUnits } from "./currencies";

/** Money columns are NUMERIC(20, 8): nothing at or above this fits. */
export const AMOUNT_CEILING = new Decimal("1e12");

/** Whether an amount fits a money column (a balance, a ledger amount): below AMOUNT_CEILING. */
export const fitsMoneyColumn = (amount: Decimal) => amount.lessThan(AMOUNT_CEILING);

/** A plain decimal: digits, optionally a point and more digits. No sign, exponent, spaces or separators. */
export const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;
/** A plain decimal with an optional minus sign: money that may go either way. */
export const SIGNED_DECIMAL = /^-?\d+(\.\d+)?$/;

/** Money as text for the wire, with exactly the currency's decimal places: "12.50" for USD, "1250" for JPY. */
export function formatMoney(amount: DecimalValue, currency: string): string {
  return new Decimal(amount).toFixed(minorUnits(currency));
}

/** Money as a JSON number, where the spec types it so. Exact: every accepted amount came from a JSON number. */
export function moneyAsNumber(amount: DecimalValue): number {
  return new Decimal(amount).toNumber();
}

/** Why an amount is not valid money in this currency, or undefined when it is. */
export function amountProblem(amount: Decimal, currency: string, { min }: { min: DecimalValue }): string | undefined {
  if (amount.lessThan(min)) return `must be at least ${new Decimal(min).toFixed()}`;
  if (amount.greaterThanOrEqualTo(AMOUNT_CEILING)) return `must be less than ${AMOUNT_CEILING.toFixed()}`;
  const places = minorUnits(currency);
  if (amount.decimalPlaces() > places) {
    return places === 0
      ? `must be a whole number in ${currency}`
      : `must have at most ${places} decimal places in ${currency}`;
  }
  return undefined;
}

/** A player's balance as the API and the wallet show it: real and bonus money together. */
export function balanceText(parts: { real: DecimalValue; bonus: DecimalValue }, currency: string): string {
  return formatMoney(new Decimal(parts.real).plus(parts.bonus), currency);
}

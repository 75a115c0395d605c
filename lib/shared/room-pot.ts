import { formatMoney } from "@/lib/money/amount";
import { Decimal, type DecimalValue } from "@/lib/money/decimal";

/** Pot and rake as the console shows them: the rake rounded down to 8 places, then to the currency's. */
export function potTotals(sums: { pot: DecimalValue; rake: DecimalValue; currency: string }) {
  return { pot: formatMoney(sums.pot, sums.currency), rake: formatMoney(new Decimal(sums.rake).toDecimalPlaces(8, Decimal.ROUND_DOWN), sums.currency) };
}

/**
 * The pot (every seat's bet) and the rake the operator takes of it: for the admin API's rooms, and
 * for the console when a pushed room change updates a row.
 */
export function potOf(room: { betAmount: DecimalValue; currentPlayers: number; rakePercentage: DecimalValue; currency: string }) {
  const pot = new Decimal(room.betAmount).times(room.currentPlayers);
  return potTotals({ pot, rake: pot.times(room.rakePercentage).dividedBy(100), currency: room.currency });
}

import { formatMoney } from "@/lib/money/amount";
import { Decimal, type DecimalValue } from "@/lib/money/decimal";

/**
 * The pot (every seat's bet) and the rake the operator takes of it: for the admin API's rooms, and
 * for the console when a pushed room change updates a row.
 */
export function potOf(room: { betAmount: DecimalValue; currentPlayers: number; rakePercentage: DecimalValue; currency: string }) {
  const pot = new Decimal(room.betAmount).times(room.currentPlayers);
  const rake = pot.times(room.rakePercentage).dividedBy(100);
  return { pot: formatMoney(pot, room.currency), rake: formatMoney(rake.toDecimalPlaces(8, Decimal.ROUND_DOWN), room.currency) };
}

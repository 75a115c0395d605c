import { Decimal, type DecimalValue } from "@/lib/money/decimal";

// Every rake figure the console and the reports show (a day's, an hour's, today's, a range's) is
// made here, from the rake the ledger's sums carry: `rakeRate` (./ledger-sums.ts) gives each row's,
// and this adds them up. Rake recognised at settlement changes the rows that carry rake, not this.

/** A group of ledger rows summed: its kind and the rake its rows carry (a refund's, that of the bet it returns). */
export interface RakeSum {
  kind: string;
  rake: DecimalValue;
}

/**
 * The rake of a set of sums: what every row carries, less what refunds carry, since a bet's rake is
 * earned when it is placed and given back with its refund. Exact to 8 places, cut, never rounded up.
 */
export function rakeOf(sums: readonly RakeSum[]): Decimal {
  const rake = sums.reduce((total, s) => (s.kind === "refund" ? total.minus(s.rake) : total.plus(s.rake)), new Decimal(0));
  return rake.toDecimalPlaces(8, Decimal.ROUND_DOWN);
}

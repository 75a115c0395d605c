import { Decimal, type DecimalValue } from "@/lib/money/decimal";

// Every rake figure the console and the reports show (a day's, an hour's, today's, a range's) is the
// rake recognised at settlement: what settled pots paid the house (ledger rows of cause `rake`),
// summed in SQL by `rakeRecognised` (./ledger-sums.ts) into the sums every figure reads, and added up
// here. Never a rate applied beside the money.

/** A group of ledger rows summed: the rake recognised its rows carry (zero but for settlements). */
export interface RakeSum {
  rake: DecimalValue;
}

/** The rake recognised in a set of sums. */
export function rakeIn(sums: readonly RakeSum[]): Decimal {
  return sums.reduce((total, s) => total.plus(s.rake), new Decimal(0));
}

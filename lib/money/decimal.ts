import DecimalJs from "decimal.js";

/**
 * The one decimal type for money. decimal.js rounds results to 20 significant digits by default;
 * a NUMERIC(20,8) amount already has 20, and a sum of two can have 21. Forty digits means no
 * arithmetic on amounts ever rounds.
 */
export const Decimal = DecimalJs.clone({ precision: 40 });
export type Decimal = DecimalJs;
export type DecimalValue = DecimalJs.Value;

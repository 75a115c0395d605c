import { minorUnits } from "./currencies";

// Money as players read and write it, the same on every page: grouped, with exactly the currency's
// minor units (50,000 JPY; 1,234.50 USD). One locale for everyone, so that a screenshot, a support
// call and the CSV agree. Amounts go to Intl.NumberFormat as decimal strings, which it formats
// exactly: never through a float.

const LOCALE = "en-US";
const formats = new Map<number, Intl.NumberFormat>();

function formatFor(places: number): Intl.NumberFormat {
  let format = formats.get(places);
  if (!format) formats.set(places, (format = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: places, maximumFractionDigits: places })));
  return format;
}

/** The amount, grouped and with the currency's decimal places, without the code: "1,234.50". */
export function displayAmount(amount: string | number, currency: string): string {
  // Intl.NumberFormat reads a string as an exact decimal (ES2023); TypeScript's types lag behind.
  return formatFor(minorUnits(currency)).format(String(amount) as unknown as number);
}

/** The amount with its currency code: "1,234.50 USD". */
export function displayMoney(amount: string | number, currency: string): string {
  return `${displayAmount(amount, currency)} ${currency}`;
}

/** A money input as typed: a decimal comma ("2,50") is read as a point; anything else is left for validation. */
export function acceptDecimalComma(text: string): string {
  const trimmed = text.trim();
  return /^\d+,\d+$/.test(trimmed) ? trimmed.replace(",", ".") : trimmed;
}

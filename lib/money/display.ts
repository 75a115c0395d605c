import { minorUnits } from "./currencies";

// Money as people read it: grouped, with exactly the currency's minor units (50,000 JPY; 1,234.50 USD).
// The console, CSV files and logs use en-US, so that a screenshot, a support call and a file agree; the
// lobby passes the player's language (lib/i18n), which only changes the separators. Amounts go to
// Intl.NumberFormat as decimal strings, which it formats exactly: never through a float.

const CONSOLE_LOCALE = "en-US";
const formats = new Map<string, Intl.NumberFormat>();

function formatFor(places: number, locale: string): Intl.NumberFormat {
  const key = `${locale}/${places}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, { minimumFractionDigits: places, maximumFractionDigits: places })));
  return format;
}

/** The amount, grouped and with the currency's decimal places, without the code: "1,234.50". */
export function displayAmount(amount: string | number, currency: string, locale = CONSOLE_LOCALE): string {
  // Intl.NumberFormat reads a string as an exact decimal (ES2023); TypeScript's types lag behind.
  return formatFor(minorUnits(currency), locale).format(String(amount) as unknown as number);
}

/** The amount with its currency code: "1,234.50 USD". */
export function displayMoney(amount: string | number, currency: string, locale = CONSOLE_LOCALE): string {
  return `${displayAmount(amount, currency, locale)} ${currency}`;
}

/** A money input as typed: a decimal comma ("2,50") is read as a point; anything else is left for validation. */
export function acceptDecimalComma(text: string): string {
  const trimmed = text.trim();
  return /^\d+,\d+$/.test(trimmed) ? trimmed.replace(",", ".") : trimmed;
}

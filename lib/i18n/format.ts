import type { Locale } from "./locales";

// Numbers and dates as the player's language writes them. Money has its own module (lib/money/display.ts).

/** The Intl tag each language formats with. */
export const INTL_TAG: Record<Locale, string> = { en: "en-US", es: "es-ES" };

const numbers = new Map<Locale, Intl.NumberFormat>();

/** A whole number in the language's grouping: "12,345" in English, "12.345" in Spanish. */
export function formatNumber(n: number, locale: Locale): string {
  let format = numbers.get(locale);
  if (!format) numbers.set(locale, (format = new Intl.NumberFormat(INTL_TAG[locale])));
  return format.format(n);
}

/** "1 room", "3 rooms": a count and its noun, one or many, in the language's grouping. */
export const count = (locale: Locale) => (n: number, one: string, many: string) => `${formatNumber(n, locale)} ${n === 1 ? one : many}`;

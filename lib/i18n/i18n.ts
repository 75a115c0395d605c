import { displayMoney } from "@/lib/money/display";
import { CATALOGUES, type Messages } from "./catalogue";
import { INTL_TAG, formatNumber } from "./format";
import type { Locale } from "./locales";

/** Everything a lobby page needs to speak the player's language: the words, and numbers, money and dates as it writes them. */
export interface I18n {
  locale: Locale;
  t: Messages;
  number(n: number): string;
  /** "1,234.50 USD" / "1234,50 USD": grouped, with the currency's decimals and its code. */
  money(amount: string | number, currency: string): string;
  /** A moment, date and time: "Nov 28, 2026, 5:02 PM" / "28 nov 2026, 17:02". */
  dateTime(at: string | Date): string;
  /** The player's words for an error the lobby met (an API answer, the network, being offline). */
  error(error: unknown): string;
}

const made = new Map<Locale, I18n>();

export function i18nFor(locale: Locale): I18n {
  let i18n = made.get(locale);
  if (!i18n) made.set(locale, (i18n = make(locale)));
  return i18n;
}

function make(locale: Locale): I18n {
  const t = CATALOGUES[locale];
  const tag = INTL_TAG[locale];
  const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short" });
  return {
    locale,
    t,
    number: (n) => formatNumber(n, locale),
    money: (amount, currency) => displayMoney(amount, currency, tag),
    dateTime: (at) => dateTime.format(new Date(at)),
    error: (error) => errorText(t.errors, error),
  };
}

/** The catalogue's message for the error's code; any code the lobby does not know reads as "something went wrong". */
function errorText(errors: Messages["errors"], error: unknown): string {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "unexpected";
  return Object.hasOwn(errors, code) ? errors[code as keyof typeof errors] : errors.unexpected;
}

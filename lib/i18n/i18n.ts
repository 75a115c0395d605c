import type { LimitReachedDetail } from "@/lib/errors";
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
  const i18n: I18n = {
    locale,
    t,
    number: (n) => formatNumber(n, locale),
    money: (amount, currency) => displayMoney(amount, currency, tag),
    dateTime: (at) => dateTime.format(new Date(at)),
    error: (error) => limitText(i18n, error) ?? errorText(t.errors, error),
  };
  return i18n;
}

/**
 * A bet refused by one of the player's limits, in the player's words with the refusal's figures; the
 * time is rounded up to the minute, as the limit is free *by* then. Undefined for any other error.
 */
function limitText({ t, money, dateTime }: I18n, error: unknown): string | undefined {
  const limit = typeof error === "object" && error !== null && "limit" in error ? (error.limit as LimitReachedDetail | undefined) : undefined;
  if (!limit) return undefined;
  const words = t.limits.reached;
  const by = (at: string) => dateTime(new Date(Math.ceil(Date.parse(at) / 60_000) * 60_000));
  if (limit.name === "self_exclusion") return words.selfExcluded(by(limit.frees_at!));
  const head = words[limit.name](money(limit.amount!, limit.currency), money(limit.used!, limit.currency));
  const bet = money(limit.bet, limit.currency);
  return limit.frees_at ? words.wouldPass(head, bet, by(limit.frees_at)) : words.tooLarge(head, bet);
}

/** The catalogue's message for the error's code; any code the lobby does not know reads as "something went wrong". */
function errorText(errors: Messages["errors"], error: unknown): string {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "unexpected";
  return Object.hasOwn(errors, code) ? errors[code as keyof typeof errors] : errors.unexpected;
}

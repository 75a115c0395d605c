import { headers } from "next/headers";
import { i18nFor, type I18n } from "@/lib/i18n/i18n";
import { DEFAULT_LOCALE, LOCALE_HEADER, supported } from "@/lib/i18n/locales";

/** The language the proxy chose for this page request (proxy.ts), for the server's part of a page: its title, <html lang>. */
export async function pageI18n(): Promise<I18n> {
  return i18nFor(supported((await headers()).get(LOCALE_HEADER)) ?? DEFAULT_LOCALE);
}

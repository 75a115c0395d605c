import { cookies, headers } from "next/headers";
import { i18nFor, type I18n } from "@/lib/i18n/i18n";
import { LOCALE_COOKIE, LOCALE_HEADER, pageLocale, supported } from "@/lib/i18n/locales";

/**
 * The language of this page request, for the server's part of a page: its title, <html lang>. The proxy
 * chose it (proxy.ts); a prefetch, which skips the proxy, chooses the same way from what it carries.
 */
export async function pageI18n(): Promise<I18n> {
  const request = await headers();
  const chosen =
    supported(request.get(LOCALE_HEADER)) ??
    pageLocale({ path: "/", lang: null, cookie: (await cookies()).get(LOCALE_COOKIE)?.value, acceptLanguage: request.get("accept-language") });
  return i18nFor(chosen);
}

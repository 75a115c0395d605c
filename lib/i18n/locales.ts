// The lobby's languages, and which one a request gets. One decision, used by the proxy for every page.

export const LOCALES = ["en", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The request header the proxy sets on every page request: the locale the page renders in. */
export const LOCALE_HEADER = "x-lobby-locale";
/** The browser keeps the launch address's `lang=` here, so that the next page, tab or reload keeps it. */
export const LOCALE_COOKIE = "lobby_lang";

export const isLocale = (value: unknown): value is Locale => typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/** "es-MX" → "es"; anything not offered → undefined. */
export function supported(tag: string | null | undefined): Locale | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : undefined;
}

/** The first language of an Accept-Language header that the lobby offers, by the browser's order of preference (q). */
export function fromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const entry of ranked) {
    const locale = supported(entry.tag);
    if (locale) return locale;
  }
  return undefined;
}

/**
 * The page's language: the launch address's `lang=` first, then the one it left in the browser, then
 * the browser's own languages, then English. The operator's console is English whatever is asked.
 */
export function pageLocale(request: { path: string; lang: string | null; cookie: string | undefined; acceptLanguage: string | null }): Locale {
  if (request.path === "/admin" || request.path.startsWith("/admin/")) return DEFAULT_LOCALE;
  return supported(request.lang) ?? supported(request.cookie) ?? fromAcceptLanguage(request.acceptLanguage) ?? DEFAULT_LOCALE;
}

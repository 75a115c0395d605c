"use client";
import { createContext, useContext, type ReactNode } from "react";
import { i18nFor, type I18n } from "@/lib/i18n/i18n";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";

// The page's language, chosen once per page load by the proxy (lib/i18n/locales.ts) and handed down from
// the root layout, so the server's HTML and the browser's first render agree. The console never reads it.

const I18nContext = createContext<I18n>(i18nFor(DEFAULT_LOCALE));

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <I18nContext value={i18nFor(locale)}>{children}</I18nContext>;
}

/** The player's words, numbers, money and dates. */
export const useI18n = () => useContext(I18nContext);

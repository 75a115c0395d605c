import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { SkipLink } from "@/components/ui/skip-link";
import { pageI18n } from "@/lib/server/page-locale";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const { titles } = (await pageI18n()).t.shell;
  return { title: titles.lobby, description: titles.description };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: the Content-Security-Policy's nonce (proxy.ts) is new each time,
  // and a page built ahead of time would carry scripts without it.
  await connection();
  const { locale, t } = await pageI18n();
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-slate-950 text-slate-100 antialiased">
        <SkipLink label={t.shell.skipToContent} />
        <Providers locale={locale}>{children}</Providers>
      </body>
    </html>
  );
}

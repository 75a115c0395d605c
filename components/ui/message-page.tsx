"use client";
import type { ReactNode } from "react";
import { useI18n } from "@/lib/client/i18n";
import { MAIN_ID } from "./main-id";

/**
 * A page that only tells the player something (a bad link, a page that does not exist): a title, a few
 * words, the way on. A client component for the lobby's name in the page's language: the server's 404
 * page renders it too, inside the root layout's language provider.
 */
export function MessagePage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <main id={MAIN_ID} tabIndex={-1} className="mx-auto flex min-h-screen max-w-lg flex-col justify-center px-4 py-16 focus:outline-none">
      <p className="mb-6 text-lg font-semibold tracking-tight">{t.shell.brand}</p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <div className="mt-3 space-y-4 text-slate-300">{children}</div>
    </main>
  );
}

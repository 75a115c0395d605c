import type { Metadata } from "next";
import Link from "next/link";
import { MessagePage } from "@/components/ui/message-page";
import { primaryButton } from "@/components/ui/styles";
import { pageI18n } from "@/lib/server/page-locale";

/** The console's address: shown as it is typed, in every language. */
const CONSOLE = "/admin";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await pageI18n()).t.shell.titles.notFound };
}

// Our own 404 page, in the lobby's look: Next.js's default one styles itself inline, which the pages'
// policy forbids. The lobby's address works from here: the tab keeps the player's launch token.
export default async function NotFound() {
  const t = (await pageI18n()).t.shell.notFound;
  return (
    <MessagePage title={t.title}>
      <p>{t.body}</p>
      <p>
        <Link href="/" className={`inline-block ${primaryButton}`}>
          {t.back}
        </Link>
      </p>
      <p className="text-sm">
        {t.operators}{" "}
        <Link className="text-sky-300 underline" href={CONSOLE}>
          {CONSOLE}
        </Link>
        .
      </p>
    </MessagePage>
  );
}

"use client";
import { useI18n } from "@/lib/client/i18n";
import { MessagePage } from "@/components/ui/message-page";

/** The page a player sees without a usable token: what happened and what to do. */
export function BadToken({ code }: { code: string }) {
  const pages = useI18n().t.shell.badToken;
  const copy = Object.hasOwn(pages, code) ? pages[code as keyof typeof pages] : pages.token_invalid;
  return (
    <MessagePage title={copy.title}>
      <p>{copy.body}</p>
    </MessagePage>
  );
}

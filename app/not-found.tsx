import type { Metadata } from "next";
import Link from "next/link";
import { MessagePage } from "@/components/ui/message-page";
import { primaryButton } from "@/components/ui/styles";

export const metadata: Metadata = { title: "Not found · Room Lobby" };

// Our own 404 page, in the lobby's look: Next.js's default one styles itself inline, which the pages'
// policy forbids. The lobby's address works from here: the tab keeps the player's launch token.
export default function NotFound() {
  return (
    <MessagePage title="This page does not exist">
      <p>The address may be mistyped, or the page may have moved.</p>
      <p>
        <Link href="/" className={`inline-block ${primaryButton}`}>
          Back to the lobby
        </Link>
      </p>
      <p className="text-sm">
        Operators: the console is at{" "}
        <Link className="text-sky-300 underline" href="/admin">
          /admin
        </Link>
        .
      </p>
    </MessagePage>
  );
}

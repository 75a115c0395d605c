import type { ReactNode } from "react";
import { MAIN_ID } from "./main-id";

/** A page that only tells the player something (a bad link, a page that does not exist): a title, a few words, the way on. */
export function MessagePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id={MAIN_ID} tabIndex={-1} className="mx-auto flex min-h-screen max-w-lg flex-col justify-center px-4 py-16 focus:outline-none">
      <p className="mb-6 text-lg font-semibold tracking-tight">Room Lobby</p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <div className="mt-3 space-y-4 text-slate-300">{children}</div>
    </main>
  );
}

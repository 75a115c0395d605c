import type { Metadata } from "next";

export const metadata: Metadata = { title: "Not found · Room Lobby" };

// Our own 404 page: Next.js's default one styles itself inline, which the pages' policy forbids.
export default function NotFound() {
  return (
    <main className="mx-auto max-w-xl p-8">
      <h1 className="text-2xl font-bold">This page could not be found.</h1>
      <p className="mt-2 text-slate-300">
        Players enter the lobby from their launch address. The console is at <a className="text-sky-300 underline" href="/admin">/admin</a>.
      </p>
    </main>
  );
}

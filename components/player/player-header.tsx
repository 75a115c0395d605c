"use client";
import Link from "next/link";
import { useI18n } from "@/lib/client/i18n";
import type { PlayerInfo } from "@/lib/players/contract";
import { focusRing } from "@/components/ui/styles";

/** Who is playing and what they have, on every lobby page. */
export function PlayerHeader({ player }: { player: PlayerInfo }) {
  const { t, money } = useI18n();
  return (
    <header className="border-b border-slate-800 bg-slate-900/80">
      {/* Wraps on a phone: a long balance takes a line of its own rather than widening the page. */}
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3">
        <nav aria-label={t.shell.header.nav} className="flex items-center gap-4">
          <Link href="/" className={`rounded text-lg font-semibold tracking-tight whitespace-nowrap ${focusRing}`}>
            {t.shell.brand}
          </Link>
          <Link href="/history" className={`rounded text-sm text-sky-300 underline ${focusRing}`}>
            {t.shell.header.history}
          </Link>
          <Link href="/limits" className={`rounded text-sm text-sky-300 underline ${focusRing}`}>
            {t.shell.header.limits}
          </Link>
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-3">
          {/* eslint-disable-next-line @next/next/no-img-element -- operator-supplied avatar of any origin */}
          <img src={player.avatar.url} alt="" width={36} height={36} className="h-9 w-9 shrink-0 rounded-full bg-slate-700" />
          <div className="min-w-0 text-right leading-tight">
            <p className="truncate text-sm text-slate-300" data-testid="username">
              {player.username}
            </p>
            <p className="font-semibold whitespace-nowrap tabular-nums" data-testid="balance" aria-label={t.shell.header.balance}>
              {money(player.balance, player.currency)}
            </p>
          </div>
        </div>
      </div>
    </header>
  );
}

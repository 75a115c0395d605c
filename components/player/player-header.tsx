"use client";
import Link from "next/link";
import { formatMoney } from "@/lib/money/amount";
import type { PlayerInfo } from "@/lib/client/types";
import { focusRing } from "@/components/ui/styles";

/** Who is playing and what they have, on every lobby page. */
export function PlayerHeader({ player }: { player: PlayerInfo }) {
  return (
    <header className="border-b border-slate-800 bg-slate-900/80">
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3">
        <Link href="/" className={`rounded text-lg font-semibold tracking-tight ${focusRing}`}>
          Room Lobby
        </Link>
        <div className="flex min-w-0 items-center gap-3">
          {/* eslint-disable-next-line @next/next/no-img-element -- operator-supplied avatar of any origin */}
          <img src={player.avatar.url} alt="" width={36} height={36} className="h-9 w-9 shrink-0 rounded-full bg-slate-700" />
          <div className="min-w-0 text-right leading-tight">
            <p className="truncate text-sm text-slate-300" data-testid="username">
              {player.username}
            </p>
            <p className="font-semibold tabular-nums" data-testid="balance" aria-label="Balance">
              {formatMoney(player.balance, player.currency)} {player.currency}
            </p>
          </div>
        </div>
      </div>
    </header>
  );
}

"use client";
import { useEffect, useState, type ReactNode } from "react";
import { isTokenProblem } from "@/lib/client/api";
import { useI18n } from "@/lib/client/i18n";
import { claimLaunchToken, forgetToken, playerToken } from "@/lib/client/token";
import { useLiveUpdates } from "@/lib/client/use-live-updates";
import { usePlayer } from "@/lib/client/use-player";
import { ErrorPanel } from "@/components/ui/error-panel";
import { MAIN_ID } from "@/components/ui/main-id";
import { Skeleton } from "@/components/ui/skeleton";
import { BadToken } from "./bad-token";
import { ConnectionBanner } from "./connection-banner";
import { MoneyNotices } from "./money-notices";
import { PlayerHeader } from "./player-header";
import { RealityCheck } from "./reality-check";

/**
 * Every lobby page sits in this shell: it takes the launch token from the address into the tab,
 * shows the player's header, and shows a clear page instead when the token is missing or unusable.
 * `realityCheckMinutes` (REALITY_CHECK_MINUTES, from the page's server render): how often the reality
 * check comes; 0, never.
 */
export function LobbyShell({ children, realityCheckMinutes }: { children: ReactNode; realityCheckMinutes: number }) {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => setToken(claimLaunchToken()), []);
  if (token === undefined) return <ShellSkeleton />;
  if (token === null) return <BadToken code="token_missing" />;
  return <WithPlayer realityCheckMinutes={realityCheckMinutes}>{children}</WithPlayer>;
}

function WithPlayer({ children, realityCheckMinutes }: { children: ReactNode; realityCheckMinutes: number }) {
  const i18n = useI18n();
  const player = usePlayer();
  useLiveUpdates();
  const seen = player.error && isTokenProblem(player.error) ? player.error.code : undefined;
  // A refused token is final: its page stays, though the player's query, asked again (a focus, a
  // reconnect), forgets its error while it waits. It is not handed to the next new tab either.
  const [refused, setRefused] = useState<string>();
  useEffect(() => {
    if (!seen) return;
    setRefused((first) => first ?? seen);
    forgetToken(playerToken());
  }, [seen]);
  const shown = refused ?? seen;
  if (shown) return <BadToken code={shown} />;
  return (
    <>
      {player.data ? <PlayerHeader player={player.data} /> : <HeaderSkeleton />}
      <main id={MAIN_ID} tabIndex={-1} className="focus:outline-none mx-auto max-w-5xl space-y-4 px-4 py-6">
        <ConnectionBanner />
        <MoneyNotices />
        {player.error ? <ErrorPanel title={i18n.t.shell.accountFailed} message={i18n.error(player.error)} onRetry={() => player.refetch()} /> : children}
      </main>
      {player.data && realityCheckMinutes > 0 && <RealityCheck minutes={realityCheckMinutes} player={player.data} />}
    </>
  );
}

function HeaderSkeleton() {
  return (
    <div className="border-b border-slate-800 bg-slate-900/80">
      <div className="mx-auto flex max-w-5xl items-center justify-between px-4 py-3">
        <Skeleton className="h-6 w-28" />
        <Skeleton className="h-9 w-36" />
      </div>
    </div>
  );
}

function ShellSkeleton() {
  return (
    <>
      <HeaderSkeleton />
      <div className="mx-auto max-w-5xl space-y-3 px-4 py-6">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-24 w-full" />
      </div>
    </>
  );
}

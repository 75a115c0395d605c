import type { Metadata } from "next";
import { Suspense } from "react";
import { LobbyShell } from "@/components/player/lobby-shell";
import { config } from "@/lib/env";
import { History } from "@/components/player/history";
import { pageI18n } from "@/lib/server/page-locale";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await pageI18n()).t.shell.titles.history };
}

// Every movement of the player's money: bets, wins, refunds, with the balance after each.
export default function HistoryPage() {
  return (
    <LobbyShell realityCheckMinutes={config().realityCheckMinutes}>
      <Suspense>
        <History />
      </Suspense>
    </LobbyShell>
  );
}

import type { Metadata } from "next";
import { Suspense } from "react";
import { LobbyShell } from "@/components/player/lobby-shell";
import { History } from "@/components/player/history";

export const metadata: Metadata = { title: "History · Room Lobby" };

// Every movement of the player's money: bets, wins, refunds, with the balance after each.
export default function HistoryPage() {
  return (
    <LobbyShell>
      <Suspense>
        <History />
      </Suspense>
    </LobbyShell>
  );
}

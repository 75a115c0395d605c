import type { Metadata } from "next";
import { LimitsPanel } from "@/components/player/limits-panel";
import { LobbyShell } from "@/components/player/lobby-shell";
import { config } from "@/lib/env";
import { pageI18n } from "@/lib/server/page-locale";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await pageI18n()).t.shell.titles.limits };
}

// The player's limits: where they stand, tightening them, self-exclusion (responsible gaming).
export default function LimitsPage() {
  return (
    <LobbyShell realityCheckMinutes={config().realityCheckMinutes}>
      <LimitsPanel />
    </LobbyShell>
  );
}

import type { Metadata } from "next";
import { LobbyShell } from "@/components/player/lobby-shell";
import { CreateRoomForm } from "@/components/rooms/create-room-form";
import { config } from "@/lib/env";
import { pageI18n } from "@/lib/server/page-locale";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await pageI18n()).t.shell.titles.newRoom };
}

// The operator's rakes come with the page, read from this instance's configuration: no call of their own.
export default function NewRoomPage() {
  return (
    <LobbyShell realityCheckMinutes={config().realityCheckMinutes}>
      <CreateRoomForm rakePercentages={config().roomRakePercentages} />
    </LobbyShell>
  );
}

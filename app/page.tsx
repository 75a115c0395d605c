import { Suspense } from "react";
import { LobbyShell } from "@/components/player/lobby-shell";
import { config } from "@/lib/env";
import { RoomList } from "@/components/rooms/room-list";

// The lobby: players arrive here from their launch address, /?token=…
export default function LobbyPage() {
  return (
    <LobbyShell realityCheckMinutes={config().realityCheckMinutes}>
      <Suspense>
        <RoomList />
      </Suspense>
    </LobbyShell>
  );
}

import { Suspense } from "react";
import { LobbyShell } from "@/components/player/lobby-shell";
import { RoomList } from "@/components/rooms/room-list";

// The lobby: players arrive here from their launch address, /?token=…
export default function LobbyPage() {
  return (
    <LobbyShell>
      <Suspense>
        <RoomList />
      </Suspense>
    </LobbyShell>
  );
}

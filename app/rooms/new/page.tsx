import type { Metadata } from "next";
import { LobbyShell } from "@/components/player/lobby-shell";
import { CreateRoomForm } from "@/components/rooms/create-room-form";

export const metadata: Metadata = { title: "Create a room · Room Lobby" };

export default function NewRoomPage() {
  return (
    <LobbyShell>
      <CreateRoomForm />
    </LobbyShell>
  );
}

import type { Metadata } from "next";
import { LobbyShell } from "@/components/player/lobby-shell";
import { RoomDetails } from "@/components/rooms/room-details";

export const metadata: Metadata = { title: "Room · Room Lobby" };

// A room's page: the address the API gives as the room's url
export default async function RoomPage({ params }: { params: Promise<{ room_id: string }> }) {
  const { room_id } = await params;
  return (
    <LobbyShell>
      <RoomDetails id={room_id} />
    </LobbyShell>
  );
}

import type { Metadata } from "next";
import { LobbyShell } from "@/components/player/lobby-shell";
import { config } from "@/lib/env";
import { RoomDetails } from "@/components/rooms/room-details";
import { pageI18n } from "@/lib/server/page-locale";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await pageI18n()).t.shell.titles.room };
}

// A room's page: the address the API gives as the room's url
export default async function RoomPage({ params }: { params: Promise<{ room_id: string }> }) {
  const { room_id } = await params;
  return (
    <LobbyShell realityCheckMinutes={config().realityCheckMinutes}>
      <RoomDetails id={room_id} />
    </LobbyShell>
  );
}

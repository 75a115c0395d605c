import { PlayerView } from "@/components/admin/player-view";

// One player for an admin
export default async function AdminPlayerPage({ params }: { params: Promise<{ player_id: string }> }) {
  return <PlayerView id={(await params).player_id} />;
}

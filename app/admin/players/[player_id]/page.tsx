import { PlayerView } from "@/components/admin/player-view";
import { config } from "@/lib/env";

// One player for the team; the adjustment form says which amounts wait for a second person's approval
export default async function AdminPlayerPage({ params }: { params: Promise<{ player_id: string }> }) {
  return <PlayerView id={(await params).player_id} approvalAbove={config().adjustmentApprovalAbove} />;
}

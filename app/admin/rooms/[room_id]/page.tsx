import { RoomView } from "@/components/admin/room-view";

// One room for an admin
export default async function AdminRoomPage({ params }: { params: Promise<{ room_id: string }> }) {
  return <RoomView id={(await params).room_id} />;
}

import { RoomsTable } from "@/components/admin/rooms-table";

// The console's front page: every room, live
export default function AdminRoomsPage() {
  return <RoomsTable />;
}

import { Suspense } from "react";
import { RoomsTable } from "@/components/admin/rooms-table";

// Every room, live; its filters, sort and page in the address
export default function AdminRoomsPage() {
  return (
    <Suspense>
      <RoomsTable />
    </Suspense>
  );
}

import { Suspense } from "react";
import { PlayersTable } from "@/components/admin/players-table";

// Every player for an admin: find anyone by name or id, and open their ledger
export default function AdminPlayersPage() {
  return (
    <Suspense>
      <PlayersTable />
    </Suspense>
  );
}

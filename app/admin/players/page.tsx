import { Suspense } from "react";
import { PlayersTable } from "@/components/admin/players-table";
import { RegisterPlayer } from "@/components/admin/register-player";

// Every player for an admin: find anyone by name or id, and open their ledger; support registers new ones
export default function AdminPlayersPage() {
  return (
    <div className="space-y-6">
      <Suspense>
        <PlayersTable />
      </Suspense>
      <RegisterPlayer />
    </div>
  );
}

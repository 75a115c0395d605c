"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import Link from "next/link";
import { adminApi, adminKeys } from "@/lib/client/admin-api";
import type { RoomLedgerPage } from "@/lib/admin/contract";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Pager } from "@/components/ui/pager";
import { Table } from "@/components/ui/data-table";
import { displayMoney } from "@/lib/money/display";

/** Every movement of a room's round, oldest first, a page at a time. */
export function RoomLedger({ roomId }: { roomId: string }) {
  const [page, setPage] = useState(1);
  const ledger = useQuery({
    queryKey: [...adminKeys.all, "room-ledger", roomId, page],
    queryFn: () => adminApi<RoomLedgerPage>(`/v1/admin/rooms/${encodeURIComponent(roomId)}/ledger?page=${page}`),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="ledger-heading" className="space-y-2">
      <h2 id="ledger-heading" className="text-lg font-semibold">
        Ledger of the round
      </h2>
      {ledger.error && <ErrorPanel title="The round's ledger could not be loaded" message={ledger.error.message} onRetry={() => ledger.refetch()} />}
      {ledger.data && (
        <>
          <Table
            caption="Ledger rows of this room's round"
            head={["When", "Kind", "Cause", "Amount", "From → to", "Player", "Transfer id", "Reason", "Table session"]}
            rows={ledger.data.ledger.map((e) => [
              new Date(e.created_at).toLocaleString(),
              e.kind,
              e.cause,
              <span key="m" className="whitespace-nowrap tabular-nums">
                {displayMoney(e.amount, e.currency)}
              </span>,
              // A pot's account names the round: this room's is shown as "pot". A long name may break.
              <span key="a" className="[overflow-wrap:anywhere]">
                {accountLabel(e.from_account, e.player_name)} → {accountLabel(e.to_account, e.player_name)}
              </span>,
              // A settlement moves the pot's money, not a player's.
              e.player_id === null ? (
                "—"
              ) : (
                <Link key="p" href={`/admin/players/${e.player_id}`} className="text-sky-300 underline [overflow-wrap:anywhere]">
                  {e.player_name}
                </Link>
              ),
              // The platform's ids run to 255 characters: they break anywhere rather than widen the table.
              <span key="t" className="font-mono text-xs break-all">{e.transfer_id ?? "—"}</span>,
              e.reason ?? "",
              e.game_session ? <span key="s" className="font-mono text-xs" title={e.game_session}>{e.game_session.slice(0, 8)}…</span> : "—",
            ])}
          />
          <Pager label="Ledger pages" noun="rows" page={page} shown={ledger.data} onPage={setPage} />
        </>
      )}
    </section>
  );
}

/** An account as the round's ledger names it: the player by name, a pot as "pot", the others as they are. */
function accountLabel(account: string, playerName: string | null): string {
  if (account.startsWith("player:")) return playerName ?? account;
  if (account.startsWith("pot:")) return "pot";
  return account;
}

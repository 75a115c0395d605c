"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { adminApi, adminKeys } from "@/lib/client/admin-api";
import { useAdminLiveUpdates } from "@/lib/client/use-admin-live";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { Pager } from "@/components/ui/pager";
import { PlayerLaunch } from "./player-launch";
import { useConsoleAccess } from "./role-context";
import { AdjustBalance } from "./support/adjust-balance";
import { AdjustmentsTable } from "./support/adjustments-table";
import { PlayerBlock } from "./support/player-block";
import { PlayerLimitsPanel } from "./support/player-limits";
import { PlayerNotes } from "./support/player-notes";
import { Table } from "@/components/ui/data-table";
import { displayMoney } from "@/lib/money/display";
import type { AdminPlayer } from "@/lib/players/contract";
import type { TransactionList } from "@/lib/wallet/contract";

/**
 * One player for the team: balances, whether they are blocked, launch addresses, adjustments, notes
 * and the ledger a page at a time. Each action shows for the roles its endpoint allows.
 */
export function PlayerView({ id, approvalAbove }: { id: string; approvalAbove: string | undefined }) {
  useAdminLiveUpdates();
  const { can } = useConsoleAccess();
  const [page, setPage] = useState(1);
  const path = `/v1/admin/players/${encodeURIComponent(id)}`;
  const player = useQuery({ queryKey: [...adminKeys.all, "player", id], queryFn: () => adminApi<AdminPlayer>(path) });
  const ledger = useQuery({
    queryKey: [...adminKeys.all, "ledger", id, page],
    queryFn: () => adminApi<TransactionList>(`${path}/transactions?page=${page}`),
    placeholderData: keepPreviousData,
  });
  if (player.isPending) return <Skeleton className="h-48" />;
  if (player.error) return <ErrorPanel title="The player could not be loaded" message={player.error.message} onRetry={() => player.refetch()} />;
  const p = player.data;
  return (
    <article className="space-y-6">
      <h1 className="text-2xl font-semibold">{p.username}</h1>
      <dl className="grid gap-3 rounded-lg border border-slate-700 bg-slate-900 p-4 sm:grid-cols-4">
        {[
          ["Balance", displayMoney(p.balance, p.currency)],
          ["Real money", displayMoney(p.real_balance, p.currency)],
          ["Bonus money", displayMoney(p.bonus_balance, p.currency)],
          ["Id", p.id],
        ].map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-slate-300">{label}</dt>
            <dd className="font-medium tabular-nums break-all" data-testid={`player-${label!.toLowerCase().replace(" ", "-")}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <PlayerBlock player={p} path={path} />
      <PlayerLaunch path={path} />
      <PlayerLimitsPanel playerId={p.id} path={path} />
      <section aria-labelledby="adjustments-heading" className="space-y-3">
        <h2 id="adjustments-heading" className="text-lg font-semibold">
          Adjustments
        </h2>
        {can("requestAdjustment") && <AdjustBalance player={p} path={path} approvalAbove={approvalAbove} />}
        <AdjustmentsTable playerId={p.id} caption="This player's adjustments, newest first" />
      </section>
      <PlayerNotes playerId={p.id} path={path} />
      <section aria-labelledby="ledger-heading" className="space-y-2">
        <h2 id="ledger-heading" className="text-lg font-semibold">
          Ledger
        </h2>
        {ledger.data && (
          <>
            <Table
              caption="The player's ledger, newest first"
              head={["When", "Kind", "Amount", "Balance after", "Round", "Reason"]}
              rows={ledger.data.transactions.map((t) => [
                new Date(t.created_at).toLocaleString(),
                t.kind,
                displayMoney(t.amount, t.currency),
                // Every row of a player's ledger moves their money, so it has a balance after.
                t.balance_after === null ? "" : displayMoney(t.balance_after, t.currency),
                <span key="r" className="font-mono text-xs break-all">{t.round_id ?? "—"}</span>,
                t.reason ?? "",
              ])}
            />
            <Pager label="Ledger pages" noun="rows" page={page} shown={ledger.data} onPage={setPage} />
          </>
        )}
      </section>
    </article>
  );
}

"use client";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { adminApi, adminKeys } from "@/lib/client/admin-api";
import { useAdminLiveUpdates } from "@/lib/client/use-admin-live";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { Pager } from "@/components/ui/pager";
import { primaryButton } from "@/components/ui/styles";
import { ConfirmButton } from "./confirm-button";
import { Table } from "@/components/ui/data-table";
import { displayMoney } from "@/lib/money/display";
import type { AdminPlayer, IssuedToken, RevokedTokens } from "@/lib/players/contract";
import type { TransactionList } from "@/lib/wallet/contract";

/** One player for an admin: balances, the ledger a page at a time, a new launch address on demand, and revoking them all. */
export function PlayerView({ id }: { id: string }) {
  useAdminLiveUpdates();
  const [page, setPage] = useState(1);
  const path = `/v1/admin/players/${encodeURIComponent(id)}`;
  const player = useQuery({ queryKey: [...adminKeys.all, "player", id], queryFn: () => adminApi<AdminPlayer>(path) });
  const ledger = useQuery({
    queryKey: [...adminKeys.all, "ledger", id, page],
    queryFn: () => adminApi<TransactionList>(`${path}/transactions?page=${page}`),
    placeholderData: keepPreviousData,
  });
  const issue = useMutation({ mutationFn: () => adminApi<IssuedToken>(`${path}/tokens`, { method: "POST", body: {} }) });
  const revoke = useMutation({ mutationFn: () => adminApi<RevokedTokens>(`${path}/tokens/revoke`, { method: "POST" }), onSuccess: () => issue.reset() });
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
      <div className="space-y-2">
        <button type="button" className={primaryButton} disabled={issue.isPending} onClick={() => issue.mutate()}>
          Issue a new launch address
        </button>
        {issue.data && (
          <p className="text-sm">
            Launch address (valid until {new Date(issue.data.expires_at).toLocaleString()}): <code className="break-all">{issue.data.launch_url}</code>
          </p>
        )}
        {issue.error && (
          <p role="alert" className="text-sm text-rose-300">
            {issue.error.message}
          </p>
        )}
      </div>
      <div className="space-y-2">
        <ConfirmButton label="Revoke all launch tokens" question="Sign this player out everywhere? Every launch address they hold stops working." busy={revoke.isPending} onConfirm={() => revoke.mutate()} />
        {revoke.data && (
          <p role="status" className="text-sm">
            {revoke.data.revoked === 1 ? "1 launch token revoked." : `${revoke.data.revoked} launch tokens revoked.`}
          </p>
        )}
        {revoke.error && (
          <p role="alert" className="text-sm text-rose-300">
            {revoke.error.message}
          </p>
        )}
      </div>
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

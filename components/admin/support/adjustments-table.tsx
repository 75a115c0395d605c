"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { Adjustment } from "@/lib/admin/support-contract";
import { adminApi, adminKeys } from "@/lib/client/admin-api";
import { samePerson } from "@/lib/shared/adjustments";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Pager } from "@/components/ui/pager";
import { Table } from "@/components/ui/data-table";
import { ConfirmButton } from "../confirm-button";
import { useConsoleAccess } from "../role-context";
import { signedMoney } from "./signed-money";

interface AdjustmentPage {
  adjustments: Adjustment[];
  page: number;
  total: number;
  total_pages: number;
}

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

function outcome(a: Adjustment): string {
  if (a.status === "pending") return "Waiting for approval";
  if (a.status === "rejected") return `Rejected by ${a.decided_by} ${when(a.decided_at!)}`;
  return a.decided_by ? `Approved by ${a.decided_by} ${when(a.decided_at!)}` : "Applied at once";
}

/**
 * Balance adjustments, newest first: one player's, or everyone's of one status. Finance approves or
 * rejects a pending one; nobody is offered to approve their own request (a second person must).
 */
export function AdjustmentsTable({ playerId, status, caption }: { playerId?: string; status?: Adjustment["status"]; caption: string }) {
  const { can, identity } = useConsoleAccess();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const query = new URLSearchParams({ ...(status ? { status } : {}), ...(playerId ? { player_id: playerId } : {}), page: String(page) }).toString();
  const list = useQuery({
    queryKey: [...adminKeys.all, "adjustments", query],
    queryFn: () => adminApi<AdjustmentPage>(`/v1/admin/adjustments?${query}`),
    placeholderData: keepPreviousData,
  });
  const [said, setSaid] = useState<string>();
  const decide = useMutation({
    mutationFn: ({ a, to, reason }: { a: Adjustment; to: "approve" | "reject"; reason?: string }) =>
      adminApi<Adjustment>(`/v1/admin/adjustments/${encodeURIComponent(a.id)}/${to}`, { method: "POST", body: { reason } }),
    onMutate: () => setSaid(undefined),
    onSuccess: (a) => setSaid(`${a.status === "applied" ? "Approved and applied" : "Rejected"}: ${signedMoney(a.amount, a.currency)} for ${a.player_name}.`),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
  if (list.error) return <ErrorPanel title="The adjustments could not be loaded" message={list.error.message} onRetry={() => list.refetch()} />;
  if (!list.data) return null;
  const decides = can("approveAdjustment") || can("rejectAdjustment");
  const me = { operatorId: identity.operatorId, name: identity.name };
  const actions = (a: Adjustment) =>
    a.status !== "pending" ? null : (
      <div key="d" className="flex flex-wrap gap-2">
        {can("approveAdjustment") && !samePerson({ operatorId: a.requested_by_operator_id, name: a.requested_by }, me) && (
          <ConfirmButton label="Approve" question={`Approve ${signedMoney(a.amount, a.currency)} for ${a.player_name}? The money moves at once.`} busy={decide.isPending} onConfirm={() => decide.mutate({ a, to: "approve" })} />
        )}
        {can("rejectAdjustment") && (
          <ConfirmButton label="Reject" question={`Reject ${signedMoney(a.amount, a.currency)} for ${a.player_name}? Nothing moves.`} askReason busy={decide.isPending} onConfirm={(reason) => decide.mutate({ a, to: "reject", reason })} />
        )}
      </div>
    );
  return (
    <div className="space-y-2">
      {list.data.adjustments.length === 0 ? (
        <p className="text-sm text-slate-300">{status === "pending" ? "Nothing waits for approval." : "No adjustments."}</p>
      ) : (
        <Table
          caption={caption}
          head={["Asked", ...(playerId ? [] : ["Player"]), "Amount", "Reason", "Asked by", "Status", ...(decides ? ["Action"] : [])]}
          rows={list.data.adjustments.map((a) => [
            when(a.created_at),
            ...(playerId
              ? []
              : [
                  <Link key="p" href={`/admin/players/${a.player_id}`} className="text-sky-300 underline">
                    {a.player_name}
                  </Link>,
                ]),
            <span key="m" className="whitespace-nowrap tabular-nums">
              {signedMoney(a.amount, a.currency)}
            </span>,
            <span key="r" className="[overflow-wrap:anywhere]">
              {a.reason}
            </span>,
            a.requested_by,
            outcome(a),
            ...(decides ? [actions(a)] : []),
          ])}
        />
      )}
      {said && (
        <p role="status" className="text-sm text-emerald-300">
          {said}
        </p>
      )}
      {decide.error && (
        <p role="alert" className="text-sm text-rose-300">
          {decide.error.message}
        </p>
      )}
      {list.data.total_pages > 1 && <Pager label={`${caption}: pages`} noun="adjustments" page={page} shown={list.data} onPage={setPage} />}
    </div>
  );
}

"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { adminApi, adminKeys } from "@/lib/client/admin-api";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Pager } from "@/components/ui/pager";
import { Table } from "./room-view";

interface AuditList {
  actions: {
    action: string;
    actor: string;
    source: string | null;
    request_id: string;
    room_id: string | null;
    room_name: string | null;
    player_id: string | null;
    player_name: string | null;
    details: Record<string, unknown>;
    created_at: string;
  }[];
  page: number;
  total: number;
  total_pages: number;
}

/** Every admin action, newest first: who, what, on what, when. */
export function AuditView() {
  const [page, setPage] = useState(1);
  const audit = useQuery({ queryKey: [...adminKeys.all, "audit", page], queryFn: () => adminApi<AuditList>(`/v1/admin/audit?page=${page}`), placeholderData: keepPreviousData });
  return (
    <section aria-labelledby="audit-heading" className="space-y-3">
      <h1 id="audit-heading" className="text-2xl font-semibold">
        Audit log
      </h1>
      {audit.error && <ErrorPanel title="The audit log could not be loaded" message={audit.error.message} onRetry={() => audit.refetch()} />}
      {audit.data && (
        <>
          <Table
            caption="Admin actions, newest first"
            head={["When", "Action", "Room", "Player", "Who", "Request id"]}
            rows={audit.data.actions.map((a) => [
              new Date(a.created_at).toLocaleString(),
              a.action,
              a.room_id ? (
                <Link key="r" href={`/admin/rooms/${a.room_id}`} className="text-sky-300 underline [overflow-wrap:anywhere]">
                  {a.room_name ?? a.room_id}
                </Link>
              ) : (
                "—"
              ),
              a.player_id ? (
                <Link key="p" href={`/admin/players/${a.player_id}`} className="text-sky-300 underline [overflow-wrap:anywhere]">
                  {a.player_name ?? a.player_id}
                </Link>
              ) : (
                "—"
              ),
              `${a.actor}${a.source ? ` from ${a.source}` : ""}`,
              <span key="q" className="font-mono text-xs">{a.request_id}</span>,
            ])}
          />
          <Pager label="Audit pages" noun="actions" page={page} shown={audit.data} onPage={setPage} />
        </>
      )}
    </section>
  );
}

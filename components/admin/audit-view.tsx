"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import type { FormEvent } from "react";
import type { AuditList } from "@/lib/admin/contract";
import { adminApi, adminKeys } from "@/lib/client/admin-api";
import { useAdminLiveUpdates } from "@/lib/client/use-admin-live";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Pager } from "@/components/ui/pager";
import { inputClass, primaryButton, secondaryButton } from "@/components/ui/styles";
import { Table } from "@/components/ui/data-table";

const TEXT_FILTERS = [
  ["actor", "Actor (address or credential)"],
  ["room_id", "Room id"],
  ["player_id", "Player id"],
] as const;
const FILTERS = ["action", ...TEXT_FILTERS.map(([name]) => name), "from", "to"] as const;
/** Actions no room or balance event announces are read again this often. */
const QUIET_REFRESH_MS = 10_000;

/** An instant as a datetime-local input shows it, in the browser's time zone. */
const localInput = (iso: string | null) => {
  if (!iso || Number.isNaN(Date.parse(iso))) return "";
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** Times are typed in local time, to the minute, and sent as instants: "to 21:52" takes in all of 21:52. */
const instantOf = (local: string, plusMs = 0) => new Date(Date.parse(local) + plusMs).toISOString();

/** Every admin action, newest first, live, filtered by action, actor, room, player and time; the filters live in the address. */
export function AuditView({ actions }: { actions: readonly string[] }) {
  useAdminLiveUpdates();
  const params = useSearchParams();
  const router = useRouter();
  const path = usePathname();
  const search = new URLSearchParams([...params].filter(([k]) => (FILTERS as readonly string[]).includes(k) || k === "page")).toString();
  const audit = useQuery({
    queryKey: [...adminKeys.all, "audit", search],
    queryFn: () => adminApi<AuditList>(`/v1/admin/audit${search ? `?${search}` : ""}`),
    placeholderData: keepPreviousData,
    refetchInterval: QUIET_REFRESH_MS,
  });
  const go = (next: URLSearchParams) => router.push(next.size ? `${path}?${next}` : path);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of FILTERS) {
      const value = String(form.get(name) ?? "").trim();
      if (!value) continue;
      next.set(name, name === "from" ? instantOf(value) : name === "to" ? instantOf(value, 59_999) : value);
    }
    go(next);
  };
  const page = Number(params.get("page") ?? 1) || 1;

  return (
    <section aria-labelledby="audit-heading" className="space-y-3">
      <h1 id="audit-heading" className="text-2xl font-semibold">
        Audit log
      </h1>
      <form key={search} onSubmit={submit} aria-label="Filter the audit log" className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <label className="block text-sm">
          <span className="mb-1 block">Action</span>
          <select name="action" defaultValue={params.get("action") ?? ""} className={inputClass}>
            <option value="">any</option>
            {actions.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        {TEXT_FILTERS.map(([name, label]) => (
          <label key={name} className="block min-w-0 text-sm">
            <span className="mb-1 block">{label}</span>
            <input name={name} defaultValue={params.get(name) ?? ""} className={inputClass} autoComplete="off" maxLength={100} />
          </label>
        ))}
        {(["from", "to"] as const).map((name) => (
          <label key={name} className="block min-w-0 text-sm">
            <span className="mb-1 block">{name === "from" ? "From" : "To"}</span>
            <input name={name} type="datetime-local" defaultValue={localInput(params.get(name))} className={inputClass} />
          </label>
        ))}
        <div className="flex gap-2 sm:col-span-3 lg:col-span-6">
          <button type="submit" className={primaryButton}>
            Filter
          </button>
          <button type="button" className={secondaryButton} onClick={() => go(new URLSearchParams())}>
            Clear
          </button>
        </div>
      </form>
      {audit.error && <ErrorPanel title="The audit log could not be loaded" message={audit.error.message} onRetry={() => audit.refetch()} />}
      {audit.data && (
        <>
          <Table
            caption="Admin actions, newest first"
            head={["When", "Action", "Room", "Player", "Reason", "Who", "Request id"]}
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
              typeof a.details.reason === "string" ? a.details.reason : "—",
              `${a.actor}${a.source ? ` from ${a.source}` : ""}`,
              <span key="q" className="font-mono text-xs">{a.request_id}</span>,
            ])}
          />
          {audit.data.total === 0 && <p className="text-sm text-slate-300">No admin action matches these filters.</p>}
          <Pager
            label="Audit pages"
            noun="actions"
            page={page}
            shown={audit.data}
            onPage={(p) => {
              const next = new URLSearchParams(search);
              next.set("page", String(p));
              go(next);
            }}
          />
        </>
      )}
    </section>
  );
}

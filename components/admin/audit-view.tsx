"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import type { FormEvent } from "react";
import type { AuditList } from "@/lib/admin/contract";
import { ApiError } from "@/lib/client/api";
import { adminApi, adminKeys } from "@/lib/client/admin-api";
import { filterProblems, type FilterField } from "@/lib/client/filter-problems";
import { useAdminLiveUpdates } from "@/lib/client/use-admin-live";
import { useLastGood } from "@/lib/client/use-last-good";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Pager } from "@/components/ui/pager";
import { inputClass, primaryButton, secondaryButton } from "@/components/ui/styles";
import { Table } from "@/components/ui/data-table";

/** Typed as a person knows them: names (or an id, or an address). An older address's room_id and player_id fill the same boxes. */
const TEXT_FILTERS: FilterField[] = [
  { name: "actor", label: "Who (name or address)" },
  { name: "room", label: "Room (name or id)", params: ["room", "room_id"] },
  { name: "player", label: "Player (name or id)", params: ["player", "player_id"] },
];
const TIME_FILTERS: FilterField[] = [
  { name: "from", label: "From" },
  { name: "to", label: "To" },
];
const FIELDS: FilterField[] = [{ name: "action", label: "Action" }, ...TEXT_FILTERS, ...TIME_FILTERS];
/** What the form sends; the address may also hold the older names, passed on as they are. */
const FORM_FILTERS = FIELDS.map((f) => f.name);
const FILTERS = [...FORM_FILTERS, "room_id", "player_id"];
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
  const search = new URLSearchParams([...params].filter(([k]) => FILTERS.includes(k) || k === "page")).toString();
  const audit = useQuery({
    queryKey: [...adminKeys.all, "audit", search],
    queryFn: () => adminApi<AuditList>(`/v1/admin/audit${search ? `?${search}` : ""}`),
    placeholderData: keepPreviousData,
    refetchInterval: QUIET_REFRESH_MS,
  });
  // A refused filter leaves the rows of the last one that worked on screen, its problems beside the fields.
  const shown = useLastGood(audit.data);
  const problems = audit.error instanceof ApiError && audit.error.status === 400 ? filterProblems(audit.error.errors, FIELDS) : undefined;
  const problemOf = (name: string) => problems?.byField[name];
  const described = (name: string) => (problemOf(name) ? { "aria-invalid": true, "aria-describedby": `${name}-problem` } : {});
  const go = (next: URLSearchParams) => router.push(next.size ? `${path}?${next}` : path);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of FORM_FILTERS) {
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
        <div className="text-sm">
          <label className="block">
            <span className="mb-1 block">Action</span>
            <select name="action" defaultValue={params.get("action") ?? ""} className={inputClass} {...described("action")}>
              <option value="">any</option>
              {actions.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          </label>
          <Problem name="action" text={problemOf("action")} />
        </div>
        {TEXT_FILTERS.map(({ name, label, params: names = [name] }) => (
          <div key={name} className="min-w-0 text-sm">
            <label className="block">
              <span className="mb-1 block">{label}</span>
              <input name={name} defaultValue={names.map((n) => params.get(n)).find(Boolean) ?? ""} className={inputClass} autoComplete="off" maxLength={100} {...described(name)} />
            </label>
            <Problem name={name} text={problemOf(name)} />
          </div>
        ))}
        {TIME_FILTERS.map(({ name, label }) => (
          <div key={name} className="min-w-0 text-sm">
            <label className="block">
              <span className="mb-1 block">{label}</span>
              <input name={name} type="datetime-local" defaultValue={localInput(params.get(name))} className={inputClass} {...described(name)} />
            </label>
            <Problem name={name} text={problemOf(name)} />
          </div>
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
      {audit.error && !problems && <ErrorPanel title="The audit log could not be loaded" message={audit.error.message} onRetry={() => audit.refetch()} />}
      {problems && problems.other.length > 0 && (
        <p role="alert" className="text-sm text-rose-300">
          This address asks for what the log cannot show: {problems.other.join("; ")}.
        </p>
      )}
      {audit.error && shown && <p className="text-sm text-amber-300">Still showing the actions of the last filters that worked.</p>}
      {shown && (
        <>
          <Table
            caption="Admin actions, newest first"
            head={["When", "Action", "Room", "Player", "Reason", "Who", "Request id"]}
            rows={shown.actions.map((a) => [
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
              <span key="w" className="[overflow-wrap:anywhere]">{typeof a.details.reason === "string" ? a.details.reason : "—"}</span>,
              <span key="a" className="[overflow-wrap:anywhere]">{`${a.actor}${a.source ? ` from ${a.source}` : ""}`}</span>,
              <span key="q" className="font-mono text-xs break-all">{a.request_id}</span>,
            ])}
          />
          {shown.total === 0 && <p className="text-sm text-slate-300">No admin action matches these filters.</p>}
          <Pager
            label="Audit pages"
            noun="actions"
            page={page}
            shown={shown}
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

/** What the server said is wrong with a filter, beside its field (outside its label, so as not to be part of its name). */
function Problem({ name, text }: { name: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <span id={`${name}-problem`} className="mt-1 block text-rose-300">
      {text}
    </span>
  );
}

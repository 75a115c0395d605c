"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "@/lib/client/api";
import { adminApi, adminKeys } from "@/lib/client/admin-api";
import type { AdminRoomList } from "@/lib/admin/contract";
import { filterProblems, type FilterField } from "@/lib/client/filter-problems";
import { useAdminLiveUpdates } from "@/lib/client/use-admin-live";
import { useLastGood } from "@/lib/client/use-last-good";
import { ErrorPanel } from "@/components/ui/error-panel";
import { inputClass, secondaryButton } from "@/components/ui/styles";
import { StatusBadge } from "@/components/rooms/status-badge";
import { isStuck } from "@/lib/shared/stuck-room";
import { displayMoney } from "@/lib/money/display";

const FILTERS = ["q", "status", "currency", "player_limit", "min_bet_amount", "max_bet_amount"] as const;
const SORTS = ["newest", "bet_asc", "bet_desc", "filling"] as const;
type Sort = (typeof SORTS)[number];
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;
const LABELS: Record<(typeof FILTERS)[number], string> = {
  q: "Search name or id",
  status: "Status",
  currency: "Currency",
  player_limit: "Players",
  min_bet_amount: "Bet from",
  max_bet_amount: "Bet up to",
};
/** The typed filters, whose problems are shown beside them; a refused choice of a list can only come from the address. */
const FIELDS: FilterField[] = (["q", "currency", "min_bet_amount", "max_bet_amount"] as const).map((name) => ({ name, label: LABELS[name] }));

export function age(iso: string, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h`;
  return `${Math.floor(s / 86_400)} d`;
}

/** The columns a room list can be sorted by, each with the API's orders (first: the first click). */
const SORTABLE: Record<string, readonly Sort[]> = { Seats: ["filling"], Bet: ["bet_asc", "bet_desc"], Age: ["newest"] };

/**
 * Every room, live: counts by status under the other filters, the lobby's filters and a search, sortable
 * columns, the money in each room, and rooms playing for too long flagged. The filters, sort and page
 * live in the address, so a view survives a reload and the back button.
 */
export function RoomsTable() {
  useAdminLiveUpdates();
  const params = useSearchParams();
  const router = useRouter();
  const path = usePathname();
  const filters: Filters = Object.fromEntries(FILTERS.flatMap((f) => (params.get(f) ? [[f, params.get(f)!]] : [])));
  const sort = (SORTS as readonly string[]).includes(params.get("sort") ?? "") ? (params.get("sort") as Sort) : "newest";
  const page = /^\d+$/.test(params.get("page") ?? "") ? Math.max(1, Number(params.get("page"))) : 1;
  const go = (next: { filters?: Filters; sort?: Sort; page?: number }) => {
    const out = new URLSearchParams(Object.entries(next.filters ?? filters).filter(([, v]) => v) as [string, string][]);
    const nextSort = next.sort ?? sort;
    if (nextSort !== "newest") out.set("sort", nextSort);
    if ((next.page ?? 1) > 1) out.set("page", String(next.page));
    router.push(out.size ? `${path}?${out}` : path, { scroll: false });
  };
  const search = new URLSearchParams({ ...filters, ...(sort !== "newest" ? { sort } : {}), page: String(page) }).toString();
  const rooms = useQuery({
    queryKey: [...adminKeys.all, "rooms", search],
    queryFn: () => adminApi<AdminRoomList>(`/v1/admin/rooms?${search}`),
    placeholderData: keepPreviousData,
  });
  const set = (name: keyof Filters) => (value: string) => go({ filters: { ...filters, [name]: value }, page: 1 });
  const setPage = (next: number) => go({ page: next });
  // A refused filter (a bet range backwards, a bet that is no amount) leaves the rooms of the last
  // filters that worked on screen, and says what is wrong beside the field.
  const data = useLastGood(rooms.data);
  const problems = rooms.error instanceof ApiError && rooms.error.status === 400 ? filterProblems(rooms.error.errors, FIELDS) : undefined;
  const problemOf = (name: keyof Filters) => problems?.byField[name];
  const sortedBy = (column: string) => {
    const orders = SORTABLE[column];
    if (!orders?.includes(sort)) return undefined;
    return sort === "bet_desc" ? "descending" : "ascending";
  };
  const nextSort = (column: string): Sort => {
    const orders = SORTABLE[column]!;
    const at = orders.indexOf(sort);
    return orders[(at + 1) % orders.length]!;
  };

  return (
    <section aria-labelledby="rooms-heading" className="space-y-4">
      <h1 id="rooms-heading" className="text-2xl font-semibold">
        Rooms
      </h1>
      <dl className="flex flex-wrap gap-3" aria-label="Rooms by status, under the other filters">
        {(["waiting", "playing", "finished"] as const).map((s) => (
          <div key={s} className="rounded-lg border border-slate-700 bg-slate-900 px-4 py-2">
            <dt className="text-sm text-slate-300">{s}</dt>
            <dd className="text-xl font-semibold tabular-nums" data-testid={`count-${s}`}>
              {data?.counts[s].toLocaleString("en-US") ?? "…"}
            </dd>
          </div>
        ))}
      </dl>
      {data && (
        <div className="overflow-x-auto">
          <table className="text-left text-sm" data-testid="money-on-tables">
            <caption className="mb-1 text-left text-slate-300">Money on the tables: the matching rooms still waiting or playing, every page</caption>
            <thead className="text-slate-300">
              <tr>
                {["Currency", "Rooms", "Pot"].map((h) => (
                  <th key={h} scope="col" className="pr-6 font-medium">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {data.totals.map((t) => (
                <tr key={t.currency}>
                  <th scope="row" className="pr-6 font-medium">
                    {t.currency}
                  </th>
                  <td className="pr-6">{t.rooms.toLocaleString("en-US")}</td>
                  <td className="pr-6 whitespace-nowrap">{displayMoney(t.pot, t.currency)}</td>
                </tr>
              ))}
              {data.totals.length === 0 && (
                <tr>
                  <td colSpan={3} className="text-slate-400">
                    None of these rooms is waiting or playing.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      <form className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6" onSubmit={(e) => e.preventDefault()} aria-label="Filter rooms">
        <Field name="q" label={LABELS.q} value={filters.q} onChange={set("q")} problem={problemOf("q")} />
        <label className="block text-sm">
          <span className="mb-1 block">Status</span>
          <select className={inputClass} value={filters.status ?? ""} onChange={(e) => set("status")(e.target.value)}>
            <option value="">any</option>
            <option value="waiting">waiting</option>
            <option value="playing">playing</option>
            <option value="finished">finished</option>
          </select>
        </label>
        <Field name="currency" label={LABELS.currency} value={filters.currency} onChange={set("currency")} problem={problemOf("currency")} />
        <label className="block text-sm">
          <span className="mb-1 block">Players</span>
          <select className={inputClass} value={filters.player_limit ?? ""} onChange={(e) => set("player_limit")(e.target.value)}>
            <option value="">any</option>
            <option value="2">2</option>
            <option value="4">4</option>
          </select>
        </label>
        <Field name="min_bet_amount" label={LABELS.min_bet_amount} value={filters.min_bet_amount} onChange={set("min_bet_amount")} inputMode="decimal" problem={problemOf("min_bet_amount")} />
        <Field name="max_bet_amount" label={LABELS.max_bet_amount} value={filters.max_bet_amount} onChange={set("max_bet_amount")} inputMode="decimal" problem={problemOf("max_bet_amount")} />
      </form>
      {rooms.error && !problems && <ErrorPanel title="The rooms could not be loaded" message={rooms.error.message} onRetry={() => rooms.refetch()} />}
      {problems && problems.other.length > 0 && (
        <p role="alert" className="text-sm text-rose-300">
          This address asks for what the list cannot show: {problems.other.join("; ")}.
        </p>
      )}
      {rooms.error && data && <p className="text-sm text-amber-300">Still showing the rooms of the last filters that worked.</p>}
      <div className="overflow-x-auto rounded-lg border border-slate-700">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Rooms; the sortable columns are buttons</caption>
          <thead className="bg-slate-900 text-slate-300">
            <tr>
              {["Room", "Status", "Seats", "Bet", "Pot", "Rake", "Age"].map((h) => (
                <th key={h} scope="col" className="px-3 py-2" aria-sort={sortedBy(h)}>
                  {SORTABLE[h] ? (
                    <button type="button" className="rounded underline decoration-dotted underline-offset-4 hover:text-slate-100" onClick={() => go({ sort: nextSort(h), page: 1 })}>
                      {h}
                      <span aria-hidden="true">{sortedBy(h) === "descending" ? " ↓" : sortedBy(h) ? " ↑" : ""}</span>
                    </button>
                  ) : (
                    h
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data?.rooms.map((r) => (
              <tr key={r.id} className="border-t border-slate-800" data-testid="admin-room">
                <td className="px-3 py-2">
                  <Link href={`/admin/rooms/${r.id}`} className="text-sky-300 underline">
                    {r.name}
                  </Link>
                  <div className="font-mono text-xs text-slate-400">{r.id}</div>
                </td>
                <td className="px-3 py-2">
                  <StatusBadge status={r.status} />
                  {isStuck(r, data.stuck_after_seconds) && (
                    <span className="mt-1 block text-xs font-semibold whitespace-nowrap text-amber-300" data-testid="stuck">
                      stuck {age(r.updated_at)}
                    </span>
                  )}
                </td>
                <td className="px-3 py-2 tabular-nums">
                  {r.current_players}/{r.max_players}
                </td>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">{displayMoney(r.bet_amount, r.currency)}</td>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">{displayMoney(r.pot, r.currency)}</td>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                  {displayMoney(r.rake, r.currency)} ({r.rake_percentage}%)
                </td>
                <td className="px-3 py-2">{age(r.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data && (
        <nav aria-label="Pages" className="flex items-center gap-3">
          <button type="button" className={secondaryButton} disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span className="text-sm" aria-live="polite">
            Page {data.page} of {Math.max(1, data.total_pages)} · {data.total} rooms
          </span>
          <button type="button" className={secondaryButton} disabled={page >= data.total_pages} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </section>
  );
}

/**
 * A text filter: typed freely, put in the address a moment after the typing stops; an address that
 * changes otherwise (back, forward) sets it.
 */
function Field({ name, label, value = "", onChange, inputMode, problem }: { name: string; label: string; value?: string; onChange: (v: string) => void; inputMode?: "decimal"; problem?: string }) {
  const [draft, setDraft] = useState(value);
  const committed = useRef(value);
  const commit = useRef(onChange);
  commit.current = onChange;
  const box = useRef<HTMLInputElement>(null);
  // Text typed before the page became interactive is in the box but not in the state: take it.
  useEffect(() => {
    if (box.current && box.current.value !== committed.current) setDraft(box.current.value);
  }, []);
  useEffect(() => {
    if (value !== committed.current) setDraft((committed.current = value));
  }, [value]);
  useEffect(() => {
    if (draft === committed.current) return;
    const timer = setTimeout(() => commit.current((committed.current = draft)), 300);
    return () => clearTimeout(timer);
  }, [draft]);
  return (
    <div className="text-sm">
      <label className="block">
        <span className="mb-1 block">{label}</span>
        <input
          ref={box}
          className={inputClass}
          value={draft}
          inputMode={inputMode}
          onChange={(e) => setDraft(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${name}-problem` : undefined}
        />
      </label>
      {/* Outside the label: the problem describes the field, it is not part of its name. */}
      {problem && (
        <span id={`${name}-problem`} className="mt-1 block text-rose-300">
          {problem}
        </span>
      )}
    </div>
  );
}

"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import type { FormEvent } from "react";
import type { AdminPlayerList } from "@/lib/admin/contract";
import { displayMoney } from "@/lib/money/display";
import { adminApi, adminKeys } from "@/lib/client/admin-api";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Pager } from "@/components/ui/pager";
import { inputClass, primaryButton } from "@/components/ui/styles";

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }) : "never");

/** Players by name, searchable by name or id; the search and page live in the address. Each opens on their ledger. */
export function PlayersTable() {
  const params = useSearchParams();
  const router = useRouter();
  const path = usePathname();
  const q = params.get("q") ?? "";
  const page = /^\d+$/.test(params.get("page") ?? "") ? Math.max(1, Number(params.get("page"))) : 1;
  const go = (next: { q: string; page: number }) => {
    const out = new URLSearchParams();
    if (next.q) out.set("q", next.q);
    if (next.page > 1) out.set("page", String(next.page));
    router.push(out.size ? `${path}?${out}` : path);
  };
  const search = new URLSearchParams({ ...(q ? { q } : {}), page: String(page) }).toString();
  const players = useQuery({
    queryKey: [...adminKeys.all, "players", search],
    queryFn: () => adminApi<AdminPlayerList>(`/v1/admin/players?${search}`),
    placeholderData: keepPreviousData,
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go({ q: String(new FormData(event.currentTarget).get("q") ?? "").trim(), page: 1 });
  };

  return (
    <section aria-labelledby="players-heading" className="space-y-4">
      <h1 id="players-heading" className="text-2xl font-semibold">
        Players
      </h1>
      <form key={q} onSubmit={submit} role="search" aria-label="Find players" className="flex flex-wrap items-end gap-3">
        <label className="block min-w-0 flex-1 text-sm">
          <span className="mb-1 block">Name or id</span>
          <input name="q" defaultValue={q} className={inputClass} autoComplete="off" maxLength={100} />
        </label>
        <button type="submit" className={primaryButton}>
          Search
        </button>
      </form>
      {players.error ? (
        <ErrorPanel title="The players could not be loaded" message={players.error.message} onRetry={() => players.refetch()} />
      ) : (
        players.data && (
          <>
            <div className="overflow-x-auto rounded-lg border border-slate-700" tabIndex={0} role="region" aria-label="Players found">
              <table className="w-full text-sm">
                <caption className="sr-only">Players, by name</caption>
                <thead className="bg-slate-900 text-left text-slate-300">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">Name</th>
                    <th scope="col" className="px-3 py-2 font-medium">Id</th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">Balance</th>
                    <th scope="col" className="px-3 py-2 font-medium">Last activity</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-800">
                  {players.data.players.map((p) => (
                    <tr key={p.id} data-testid="player-row">
                      <th scope="row" className="px-3 py-2 text-left font-medium [overflow-wrap:anywhere]">
                        <Link href={`/admin/players/${p.id}`} className="text-sky-300 underline">
                          {p.username}
                        </Link>
                      </th>
                      <td className="px-3 py-2 font-mono text-xs">{p.id}</td>
                      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{displayMoney(p.balance, p.currency)}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{when(p.last_activity_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {players.data.players.length === 0 && <p className="p-4 text-slate-300">{q ? `No player's name or id matches “${q}”.` : "No players yet."}</p>}
            </div>
            <Pager label="Player pages" noun={players.data.total === 1 ? "player" : "players"} page={page} shown={players.data} onPage={(p) => go({ q, page: p })} />
          </>
        )
      )}
    </section>
  );
}

"use client";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { displayMoney } from "@/lib/money/display";
import { CAUSE_LABELS, historyCsv } from "@/lib/client/history-csv";
import { EXPORT_PAGE_SIZE, readMoves, useMovesPage } from "@/lib/client/use-moves";
import type { PlayerTransaction } from "@/lib/wallet/contract";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Pager } from "@/components/ui/pager";
import { Skeleton } from "@/components/ui/skeleton";
import { secondaryButton } from "@/components/ui/styles";

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/** The player's history, a page at a time (the page in the address), and all of it as CSV. */
export function History() {
  const params = useSearchParams();
  const router = useRouter();
  const path = usePathname();
  const page = /^\d+$/.test(params.get("page") ?? "") ? Math.max(1, Number(params.get("page"))) : 1;
  const moves = useMovesPage(page);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">History</h1>
        <CsvExport />
      </div>
      <p className="text-slate-300">Every bet, win and refund on your balance, newest first.</p>
      {moves.isPending ? (
        <Skeleton className="h-64" />
      ) : moves.error ? (
        <ErrorPanel title="Your history could not be loaded" message={moves.error.message} onRetry={() => moves.refetch()} />
      ) : moves.data.transactions.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-700 p-8 text-center text-slate-300">
          {moves.data.total > 0 ? (
            <>
              There is no page {page}.{" "}
              <Link href={`${path}?page=${moves.data.total_pages}`} className="text-sky-300 underline">
                Go to the last page
              </Link>
            </>
          ) : (
            "Nothing has moved on your balance yet."
          )}
        </p>
      ) : (
        <>
          <ul className="divide-y divide-slate-800 rounded-lg border border-slate-700 bg-slate-900" aria-label="Movements">
            {moves.data.transactions.map((m) => (
              <MovementRow key={m.id} move={m} />
            ))}
          </ul>
          <Pager label="History pages" noun={moves.data.total === 1 ? "movement" : "movements"} page={page} shown={moves.data} onPage={(p) => router.push(`${path}?page=${p}`)} />
        </>
      )}
    </div>
  );
}

function MovementRow({ move }: { move: PlayerTransaction }) {
  const out = move.kind === "debit";
  return (
    <li data-testid="movement" className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 px-4 py-3">
      <div className="min-w-0">
        <p className="font-medium">
          {CAUSE_LABELS[move.cause]}
          {move.room && (
            <>
              {" · "}
              <Link href={`/rooms/${move.room.id}`} className="text-sky-300 underline [overflow-wrap:anywhere]">
                {move.room.name}
              </Link>
            </>
          )}
        </p>
        <p className="text-sm text-slate-300">
          {when(move.created_at)} · reason: {move.reason.replaceAll("_", " ")}
        </p>
      </div>
      <div className="text-right">
        <p className={`font-semibold whitespace-nowrap tabular-nums ${out ? "text-rose-300" : "text-emerald-300"}`} data-testid="amount">
          {out ? "−" : "+"}
          {displayMoney(move.amount, move.currency)}
        </p>
        <p className="text-sm whitespace-nowrap text-slate-300 tabular-nums">balance {displayMoney(move.balance_after, move.currency)}</p>
      </div>
    </li>
  );
}

/** Reads every page of the history and hands it over as a CSV file, saying how far it has got. */
function CsvExport() {
  const [progress, setProgress] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();

  async function download() {
    setFailure(undefined);
    try {
      const rows: PlayerTransaction[] = [];
      for (let page = 1; ; page++) {
        const answer = await readMoves(page, EXPORT_PAGE_SIZE);
        rows.push(...answer.transactions);
        setProgress(`Preparing… ${rows.length.toLocaleString("en-US")} of ${answer.total.toLocaleString("en-US")}`);
        if (page >= answer.total_pages) break;
      }
      const url = URL.createObjectURL(new Blob([historyCsv(rows)], { type: "text/csv;charset=utf-8" }));
      const link = Object.assign(document.createElement("a"), { href: url, download: `history-${new Date().toISOString().slice(0, 10)}.csv` });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      setFailure(`The CSV could not be made: ${(error as Error).message}`);
    } finally {
      setProgress(undefined);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <span role="status" className="text-sm text-slate-300">
        {progress}
      </span>
      {failure && (
        <span role="alert" className="text-sm text-rose-300">
          {failure}
        </span>
      )}
      <button type="button" className={secondaryButton} onClick={download} disabled={progress !== undefined}>
        Download CSV
      </button>
    </div>
  );
}

"use client";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { historyCsv } from "@/lib/client/history-csv";
import { useI18n } from "@/lib/client/i18n";
import { reasonWords } from "@/lib/client/notices";
import { EXPORT_PAGE_SIZE, readMoves, useMovesPage } from "@/lib/client/use-moves";
import type { PlayerTransaction } from "@/lib/wallet/contract";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Pager } from "@/components/ui/pager";
import { Skeleton } from "@/components/ui/skeleton";
import { secondaryButton } from "@/components/ui/styles";

/** The player's history, a page at a time (the page in the address), and all of it as CSV. */
export function History() {
  const params = useSearchParams();
  const router = useRouter();
  const path = usePathname();
  const page = /^\d+$/.test(params.get("page") ?? "") ? Math.max(1, Number(params.get("page"))) : 1;
  const moves = useMovesPage(page);
  const i18n = useI18n();
  const t = i18n.t.shell.history;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t.heading}</h1>
        <CsvExport />
      </div>
      <p className="text-slate-300">{t.intro}</p>
      {moves.isPending ? (
        <Skeleton className="h-64" />
      ) : moves.error ? (
        <ErrorPanel title={t.loadFailed} message={i18n.error(moves.error)} onRetry={() => moves.refetch()} />
      ) : moves.data.transactions.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-700 p-8 text-center text-slate-300">
          {moves.data.total > 0 ? (
            <>
              {t.noPage(page)}{" "}
              <Link href={`${path}?page=${moves.data.total_pages}`} className="text-sky-300 underline">
                {t.lastPage}
              </Link>
            </>
          ) : (
            t.empty
          )}
        </p>
      ) : (
        <>
          <ul className="divide-y divide-slate-800 rounded-lg border border-slate-700 bg-slate-900" aria-label={t.listLabel}>
            {moves.data.transactions.map((m) => (
              <MovementRow key={m.id} move={m} />
            ))}
          </ul>
          <Pager label={t.pagesLabel} noun={t.movements(moves.data.total)} page={page} shown={moves.data} onPage={(p) => router.push(`${path}?page=${p}`)} />
        </>
      )}
    </div>
  );
}

function MovementRow({ move }: { move: PlayerTransaction }) {
  const i18n = useI18n();
  const { causes, history: t } = i18n.t.shell;
  const out = move.direction === "out";
  return (
    <li data-testid="movement" className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 px-4 py-3">
      <div className="min-w-0">
        <p className="font-medium">
          {causes[move.cause]}
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
          {i18n.dateTime(move.created_at)} · {t.reason(reasonWords(move.reason, i18n))}
        </p>
      </div>
      <div className="text-right">
        <p className={`font-semibold whitespace-nowrap tabular-nums ${out ? "text-rose-300" : "text-emerald-300"}`} data-testid="amount">
          {out ? "−" : "+"}
          {i18n.money(move.amount, move.currency)}
        </p>
        <p className="text-sm whitespace-nowrap text-slate-300 tabular-nums">{t.balanceAfter(i18n.money(move.balance_after, move.currency))}</p>
      </div>
    </li>
  );
}

/** Reads every page of the history and hands it over as a CSV file, saying how far it has got. */
function CsvExport() {
  const i18n = useI18n();
  const t = i18n.t.shell.history;
  const [progress, setProgress] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();

  async function download() {
    setFailure(undefined);
    try {
      const rows: PlayerTransaction[] = [];
      for (let page = 1; ; page++) {
        const answer = await readMoves(page, EXPORT_PAGE_SIZE);
        rows.push(...answer.transactions);
        setProgress(t.preparing(rows.length, answer.total));
        if (page >= answer.total_pages) break;
      }
      const url = URL.createObjectURL(new Blob([historyCsv(rows, i18n)], { type: "text/csv;charset=utf-8" }));
      const link = Object.assign(document.createElement("a"), { href: url, download: t.csvFileName(new Date().toISOString().slice(0, 10)) });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      setFailure(t.csvFailed(i18n.error(error)));
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
        {t.download}
      </button>
    </div>
  );
}

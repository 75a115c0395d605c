"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { ApiError } from "@/lib/client/api";
import { adminApi, adminKeys } from "@/lib/client/admin-api";
import { displayAmount } from "@/lib/money/display";
import type { DailyReport } from "@/lib/reports/contract";
import { Table } from "@/components/ui/data-table";
import { ErrorPanel } from "@/components/ui/error-panel";
import { inputClass, primaryButton, secondaryButton } from "@/components/ui/styles";

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const FIELDS = ["from", "to", "currency"] as const;
type Range = Record<(typeof FIELDS)[number], string>;

/** A range as the API takes it: the currency upper-cased, empty fields left out. */
const queryOf = (range: Range) =>
  new URLSearchParams(Object.entries({ ...range, currency: range.currency.trim().toUpperCase() }).filter(([, v]) => v)).toString();

/**
 * Finance's page: the daily report for a range of UTC days, in the address, and the two files to
 * reconcile with the platform: the report and the ledger rows themselves, as CSV.
 */
export function ReportsView() {
  const params = useSearchParams();
  const router = useRouter();
  const path = usePathname();
  const range: Range = { from: params.get("from") ?? day(6), to: params.get("to") ?? day(0), currency: params.get("currency") ?? "" };
  const query = new URLSearchParams(Object.entries(range).filter(([, v]) => v)).toString();
  // The form as typed: the downloads take these days, not those of the report on screen, so a file is
  // never of another range than the one a person sees in the form. A new address (Show, back) resets it.
  const [typed, setTyped] = useState(range);
  const [typedFor, setTypedFor] = useState(query);
  if (typedFor !== query) {
    setTypedFor(query);
    setTyped(range);
  }
  const type = (field: keyof Range) => (event: { target: { value: string } }) => setTyped({ ...typed, [field]: event.target.value });
  const downloadable = typed.from !== "" && typed.to !== "" && typed.from <= typed.to;
  const download = queryOf(typed);
  const report = useQuery({
    queryKey: [...adminKeys.all, "daily-report", query],
    queryFn: () => adminApi<DailyReport>(`/v1/admin/reports/daily?${query}`),
    placeholderData: keepPreviousData,
    retry: (count, error) => !(error instanceof ApiError && error.status === 400) && count < 2,
  });
  const problems = report.error instanceof ApiError ? report.error.errors : [];
  const problemOf = (field: string) => problems.find((p) => p.path === field)?.message;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    router.push(`${path}?${queryOf({ ...typed, from: typed.from.trim(), to: typed.to.trim() })}`);
  };

  return (
    <section aria-labelledby="reports-heading" className="space-y-4">
      <h1 id="reports-heading" className="text-2xl font-semibold">
        Daily report
      </h1>
      <p className="text-sm text-slate-300">
        Per currency and UTC day: balances at the start and end of the day, and the money that moved between. Opening + deposits − bets + wins + refunds + adjustments = closing, to the cent. Adjustments are the operator&apos;s, signed (what they paid players less what they took). GGR (gross gaming revenue) is bets − refunds − wins: adjustments are not in it. The last lines total each currency over the range.
      </p>
      <form onSubmit={submit} aria-label="Report range" className="grid gap-3 sm:grid-cols-4">
        {(["from", "to"] as const).map((name) => (
          <label key={name} className="block text-sm">
            <span className="mb-1 block">{name === "from" ? "From (UTC day)" : "To (UTC day)"}</span>
            <input name={name} type="date" required value={typed[name]} onChange={type(name)} className={inputClass} aria-invalid={problemOf(name) ? true : undefined} aria-describedby={problemOf(name) ? `${name}-problem` : undefined} />
            {problemOf(name) && (
              <span id={`${name}-problem`} className="mt-1 block text-rose-300">
                {problemOf(name)}
              </span>
            )}
          </label>
        ))}
        <label className="block text-sm">
          <span className="mb-1 block">Currency (all if empty)</span>
          <input name="currency" value={typed.currency} onChange={type("currency")} maxLength={10} autoComplete="off" className={inputClass} aria-invalid={problemOf("currency") ? true : undefined} aria-describedby={problemOf("currency") ? "currency-problem" : undefined} />
          {problemOf("currency") && (
            <span id="currency-problem" className="mt-1 block text-rose-300">
              {problemOf("currency")}
            </span>
          )}
        </label>
        <div className="flex items-end gap-2">
          <button type="submit" className={primaryButton}>
            Show
          </button>
        </div>
      </form>
      {downloadable ? (
        <div className="flex flex-wrap items-center gap-3">
          <a className={secondaryButton} href={`/v1/admin/reports/daily?${download}&format=csv`} download>
            Download the report (CSV)
          </a>
          <a className={secondaryButton} href={`/v1/admin/reports/ledger?${download}`} download>
            Download the ledger rows (CSV)
          </a>
          <span className="text-sm text-slate-300" data-testid="download-range">
            {typed.from} to {typed.to}
            {download.includes("currency=") ? `, ${typed.currency.trim().toUpperCase()}` : ", every currency"}, as typed above
          </span>
        </div>
      ) : (
        <p className="text-sm text-slate-300">Type a From day that is not after the To day to download the report and the ledger rows.</p>
      )}
      {report.error && !problems.length && <ErrorPanel title="The report could not be read" message={report.error.message} onRetry={() => report.refetch()} />}
      {report.data && !report.error && (
        <Table
          // Eight amounts in a row: at eight decimal places (a currency outside ISO 4217) and tens of
          // thousands they fit 1280 px only with narrower cells.
          dense
          caption={`Daily report from ${range.from} to ${range.to}`}
          // A soft hyphen lets the longest heading break when amounts of 8 decimal places fill the width.
          head={["Day", "Currency", "Opening", "Deposits", "Bets", "Wins", "Refunds", "Adjust\u00adments", "GGR", "Rake", "Closing"]}
          rows={[...report.data.days, ...report.data.totals.map((t) => ({ ...t, date: "Total" }))].map((d) => {
            // Amounts without their code: the currency has its own column, and the table fits a laptop's width.
            const amount = (a: string) => <span className="whitespace-nowrap tabular-nums">{displayAmount(a, d.currency)}</span>;
            // Each movement's count under its sum, rather than a column of its own.
            const moved = (a: string, count: number, noun: string) => (
              <>
                {amount(a)}
                <span className="block text-xs text-slate-300">{`${count} ${count === 1 ? noun : `${noun}s`}`}</span>
              </>
            );
            return [
              <span key="d" className={d.date === "Total" ? "font-semibold" : "whitespace-nowrap"}>
                {d.date}
              </span>,
              d.currency,
              amount(d.opening_balance),
              moved(d.deposits, d.deposit_count, "deposit"),
              moved(d.bets, d.bet_count, "bet"),
              moved(d.wins, d.win_count, "win"),
              moved(d.refunds, d.refund_count, "refund"),
              moved(d.adjustments, d.adjustment_count, "adjustment"),
              amount(d.ggr),
              amount(d.rake),
              amount(d.closing_balance),
            ];
          })}
        />
      )}
      {report.data?.days.length === 0 && <p className="text-sm text-slate-300">No money has moved yet.</p>}
    </section>
  );
}

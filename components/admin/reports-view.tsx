"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import type { FormEvent } from "react";
import { ApiError } from "@/lib/client/api";
import { adminApi, adminKeys } from "@/lib/client/admin-api";
import { displayAmount } from "@/lib/money/display";
import type { DailyReport } from "@/lib/reports/contract";
import { Table } from "@/components/ui/data-table";
import { ErrorPanel } from "@/components/ui/error-panel";
import { inputClass, primaryButton, secondaryButton } from "@/components/ui/styles";

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const FIELDS = ["from", "to", "currency"] as const;

/**
 * Finance's page: the daily report for a range of UTC days, in the address, and the two files to
 * reconcile with the platform: the report and the ledger rows themselves, as CSV.
 */
export function ReportsView() {
  const params = useSearchParams();
  const router = useRouter();
  const path = usePathname();
  const range = { from: params.get("from") ?? day(6), to: params.get("to") ?? day(0), currency: params.get("currency") ?? "" };
  const query = new URLSearchParams(Object.entries(range).filter(([, v]) => v)).toString();
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
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const field of FIELDS) {
      const value = String(form.get(field) ?? "").trim();
      if (value) next.set(field, field === "currency" ? value.toUpperCase() : value);
    }
    router.push(`${path}?${next}`);
  };

  return (
    <section aria-labelledby="reports-heading" className="space-y-4">
      <h1 id="reports-heading" className="text-2xl font-semibold">
        Daily report
      </h1>
      <p className="text-sm text-slate-300">
        Per currency and UTC day: balances at the start and end of the day, and the money that moved between. Opening + deposits − bets + wins + refunds + adjustments = closing, to the cent. Adjustments are the operator&apos;s, signed (what they paid players less what they took). GGR (gross gaming revenue) is bets − refunds − wins: adjustments are not in it. The last lines total each currency over the range.
      </p>
      <form key={query} onSubmit={submit} aria-label="Report range" className="grid gap-3 sm:grid-cols-4">
        {(["from", "to"] as const).map((name) => (
          <label key={name} className="block text-sm">
            <span className="mb-1 block">{name === "from" ? "From (UTC day)" : "To (UTC day)"}</span>
            <input name={name} type="date" required defaultValue={range[name]} className={inputClass} aria-invalid={problemOf(name) ? true : undefined} aria-describedby={problemOf(name) ? `${name}-problem` : undefined} />
            {problemOf(name) && (
              <span id={`${name}-problem`} className="mt-1 block text-rose-300">
                {problemOf(name)}
              </span>
            )}
          </label>
        ))}
        <label className="block text-sm">
          <span className="mb-1 block">Currency (all if empty)</span>
          <input name="currency" defaultValue={range.currency} maxLength={10} autoComplete="off" className={inputClass} aria-invalid={problemOf("currency") ? true : undefined} aria-describedby={problemOf("currency") ? "currency-problem" : undefined} />
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
      <div className="flex flex-wrap gap-3">
        <a className={secondaryButton} href={`/v1/admin/reports/daily?${query}&format=csv`} download>
          Download the report (CSV)
        </a>
        <a className={secondaryButton} href={`/v1/admin/reports/ledger?${query}`} download>
          Download the ledger rows (CSV)
        </a>
      </div>
      {report.error && !problems.length && <ErrorPanel title="The report could not be read" message={report.error.message} onRetry={() => report.refetch()} />}
      {report.data && !report.error && (
        <Table
          caption={`Daily report from ${range.from} to ${range.to}`}
          head={["Day", "Currency", "Opening", "Deposits", "Bets", "Wins", "Refunds", "Adjustments", "GGR", "Rake", "Closing"]}
          rows={[...report.data.days, ...report.data.totals.map((t) => ({ ...t, date: "Total" }))].map((d) => {
            // Amounts without their code: the currency has its own column, and the table fits a laptop's width.
            const amount = (a: string) => <span className="whitespace-nowrap tabular-nums">{displayAmount(a, d.currency)}</span>;
            // Each movement's count under its sum, rather than a column of its own.
            const moved = (a: string, count: number, noun: string) => (
              <>
                {amount(a)}
                <span className="block text-xs whitespace-nowrap text-slate-300">{`${count} ${count === 1 ? noun : `${noun}s`}`}</span>
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

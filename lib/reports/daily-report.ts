import { and, eq, gte, lt, lte, sum } from "drizzle-orm";
import type { z } from "zod";
import { rowsOf, type Executor } from "@/db/client";
import { ledgerDays, type LedgerKind } from "@/db/schema";
import { keepClosedDays } from "./closed-days";
import { addDays, lastClosedDay, reportLines, reportTotals, type DaySum } from "./days";
import { ledgerSums, startOf } from "./ledger-sums";
import type { DailyReportQuery } from "./schemas";

// GET /v1/admin/reports/daily: the ledger per UTC day and currency. Days that are over are summed
// once into ledger_days (./closed-days.ts) and read from there; the days since are summed from the
// ledger on each request, through its time index. The opening balance of the first day is the sum of
// every day before it, so it is read from ledger_days too.

/** The sums of each day from `from` to `to`: kept ones for closed days, the ledger's for the others. */
export async function daySums(db: Executor, { from, to, currency }: { from: string; to: string; currency?: string }, now = Date.now()): Promise<DaySum[]> {
  // runReport keeps closed days before the report's transaction, a day per commit: here none are
  // usually left, unless a day closed in between or the caller came another way.
  await keepClosedDays(db, { now });
  const closed = lastClosedDay(now);
  const [kept, recent] = await Promise.all([
    db
      .select()
      .from(ledgerDays)
      .where(and(gte(ledgerDays.day, from), lte(ledgerDays.day, to), currency ? eq(ledgerDays.currency, currency) : undefined)),
    // Days not closed yet: today, and yesterday for its first quarter of an hour.
    to > closed ? db.execute(ledgerSums({ since: startOf(addDays(closed, 1)), until: startOf(addDays(to, 1)), currency })).then(rowsOf<DaySum>) : Promise.resolve([]),
  ]);
  return [...kept.map((s) => ({ ...s, kind: s.kind as LedgerKind })), ...recent];
}

export async function dailyReport(db: Executor, { from, to, currency }: z.output<typeof DailyReportQuery>, now = Date.now()) {
  // Open days before `from` (a report of today alone, say) count towards its opening balance, so
  // the sums start at the first open day when that comes first.
  const firstOpen = addDays(lastClosedDay(now), 1);
  const sums = await daySums(db, { from: firstOpen < from ? firstOpen : from, to, currency }, now);
  const before = await db
    .select({ currency: ledgerDays.currency, kind: ledgerDays.kind, amount: sum(ledgerDays.amount).mapWith(String) })
    .from(ledgerDays)
    .where(and(lt(ledgerDays.day, from), currency ? eq(ledgerDays.currency, currency) : undefined))
    .groupBy(ledgerDays.currency, ledgerDays.kind);
  const lines = reportLines({
    from,
    to,
    before: [...before, ...sums.filter((s) => s.day < from)],
    sums: sums.filter((s) => s.day >= from),
    currency,
  });
  return { from, to, currency: currency ?? null, days: lines, totals: reportTotals(lines) };
}

import { and, eq, gte, lt, lte, max, sql, sum, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { rowsOf, type Executor } from "@/db/client";
import { ledgerDays, type LedgerKind } from "@/db/schema";
import { addDays, lastClosedDay, reportLines, type DaySum } from "./days";
import type { DailyReportQuery } from "./schemas";

// GET /v1/admin/reports/daily: the ledger per UTC day and currency. Days that are over are summed
// once into ledger_days and read from there; the days since are summed from the ledger on each
// request, through its time index. The opening balance of the first day is the sum of every day
// before it, so it is read from ledger_days too.

const startOf = (day: string) => sql`(${day}::date::timestamp at time zone 'UTC')`;

/**
 * The ledger's rows from the start of `from` (or the beginning) to the start of `until`, summed per
 * day, currency and kind, with the rake of each bet (its room's rate) and of each refunded bet.
 */
function ledgerSums({ from, until, currency }: { from?: string; until: string; currency?: string }): SQL {
  return sql`
    select (e.created_at at time zone 'UTC')::date::text as day, e.currency, e.kind,
           sum(e.amount) as amount, count(*)::int as transfers,
           coalesce(sum(e.amount * coalesce(r.rake_percentage, 0)) / 100, 0) as rake
    from ledger_entries e
    left join ledger_entries bet on e.kind = 'refund' and bet.id = e.refunds_entry_id
    left join rooms r on r.id = case when e.kind = 'debit' then e.round_id when e.kind = 'refund' then bet.round_id end
    where e.created_at < ${startOf(until)}
      ${from ? sql`and e.created_at >= ${startOf(from)}` : sql``}
      ${currency ? sql`and e.currency = ${currency}` : sql``}
    group by 1, 2, 3`;
}

/** Sums every closed day not yet in ledger_days. Days are kept in order, so the newest kept day is where to go on from. */
async function keepClosedDays(db: Executor, now: number): Promise<string> {
  const closed = lastClosedDay(now);
  const [kept] = await db.select({ day: max(ledgerDays.day) }).from(ledgerDays);
  const from = kept?.day ? addDays(kept.day, 1) : undefined;
  if (!from || from <= closed) {
    // Two reports at once sum the same rows to the same figures: the second insert adds nothing.
    await db.execute(sql`
      insert into ledger_days (day, currency, kind, amount, transfers, rake)
      select day::date, currency, kind, amount, transfers, rake from (${ledgerSums({ from, until: addDays(closed, 1) })}) s
      on conflict do nothing`);
  }
  return closed;
}

export async function dailyReport(db: Executor, { from, to, currency }: z.output<typeof DailyReportQuery>, now = Date.now()) {
  const closed = await keepClosedDays(db, now);
  const inCurrency = currency ? eq(ledgerDays.currency, currency) : undefined;
  const [before, keptSums, recentSums] = await Promise.all([
    db
      .select({ currency: ledgerDays.currency, kind: ledgerDays.kind, amount: sum(ledgerDays.amount).mapWith(String) })
      .from(ledgerDays)
      .where(and(lt(ledgerDays.day, from), inCurrency))
      .groupBy(ledgerDays.currency, ledgerDays.kind),
    db
      .select()
      .from(ledgerDays)
      .where(and(gte(ledgerDays.day, from), lte(ledgerDays.day, to), inCurrency)),
    // Days not closed yet: today, and yesterday for its first quarter of an hour.
    to > closed ? db.execute(ledgerSums({ from: addDays(closed, 1), until: addDays(to, 1), currency })).then(rowsOf<DaySum>) : Promise.resolve([]),
  ]);
  // Recent days before `from` (a report of today alone, say) count towards its opening balance.
  const recentBefore = recentSums.filter((s) => s.day < from);
  const lines = reportLines({
    from,
    to,
    before: [...before, ...recentBefore],
    sums: [...keptSums.map((s) => ({ ...s, kind: s.kind as LedgerKind })), ...recentSums.filter((s) => s.day >= from)],
    currency,
  });
  return { from, to, currency: currency ?? null, days: lines };
}

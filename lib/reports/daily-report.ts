import { and, eq, gte, lt, lte, max, sql, sum, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { rowsOf, type Executor } from "@/db/client";
import { ledgerDays, type LedgerKind } from "@/db/schema";
import { addDays, lastClosedDay, reportLines, type DaySum, type Period } from "./days";
import type { DailyReportQuery } from "./schemas";

// GET /v1/admin/reports/daily: the ledger per UTC day and currency. Days that are over are summed
// once into ledger_days and read from there; the days since are summed from the ledger on each
// request, through its time index. The opening balance of the first day is the sum of every day
// before it, so it is read from ledger_days too.

/** The instant a UTC day starts. */
export const startOf = (day: string) => sql`(${day}::date::timestamp at time zone 'UTC')`;

const PERIOD_TEXT = { day: sql.raw(`'YYYY-MM-DD'`), hour: sql.raw(`'YYYY-MM-DD"T"HH24'`) };

/** The label of the UTC period a stamp falls in, as the rules in ./days.ts write it. */
export const periodLabel = (stamp: SQL, by: Period) => sql`to_char(${stamp} at time zone 'UTC', ${PERIOD_TEXT[by]})`;

/**
 * A row's rake rate: a bet's room's, or for a refund that of the room of the bet it returns. Looked up
 * row by row through the primary keys: joins let the planner hash the whole ledger and every room.
 */
const rakeRate = sql`coalesce((select r.rake_percentage from rooms r where r.id = case
    when e.kind = 'debit' then e.round_id
    when e.kind = 'refund' then (select bet.round_id from ledger_entries bet where bet.id = e.refunds_entry_id) end), 0)`;

/**
 * The ledger's rows stamped from `since` (or the beginning) to before `until` (or now), summed per
 * period, currency and kind, with the rake of each bet (its room's rate) and of each refunded bet, and
 * how many players moved. The period's label is in `day` whichever the period.
 */
export function ledgerSums({ since, until, currency, by = "day" }: { since?: SQL; until?: SQL; currency?: string; by?: Period }): SQL {
  return sql`
    select ${periodLabel(sql`e.created_at`, by)} as day, e.currency, e.kind,
           sum(e.amount) as amount, count(*)::int as transfers,
           coalesce(sum(e.amount * ${rakeRate}) / 100, 0) as rake,
           count(distinct e.player_id)::int as players
    from ledger_entries e
    where true
      ${since ? sql`and e.created_at >= ${since}` : sql``}
      ${until ? sql`and e.created_at < ${until}` : sql``}
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
      insert into ledger_days (day, currency, kind, amount, transfers, rake, players)
      select day::date, currency, kind, amount, transfers, rake, players
      from (${ledgerSums({ since: from ? startOf(from) : undefined, until: startOf(addDays(closed, 1)) })}) s
      on conflict do nothing`);
  }
  return closed;
}

/** The sums of each day from `from` to `to`: kept ones for closed days, the ledger's for the others. */
export async function daySums(db: Executor, { from, to, currency }: { from: string; to: string; currency?: string }, now = Date.now()): Promise<DaySum[]> {
  const closed = await keepClosedDays(db, now);
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
  return { from, to, currency: currency ?? null, days: lines };
}

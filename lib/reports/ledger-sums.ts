import { sql, type SQL } from "drizzle-orm";
import type { Period } from "./days";

// The ledger summed in SQL, shared by the daily report, the closed days it keeps and the dashboard.

/** The instant a UTC day starts. */
export const startOf = (day: string) => sql`(${day}::date::timestamp at time zone 'UTC')`;

const PERIOD_TEXT = { day: sql.raw(`'YYYY-MM-DD'`), hour: sql.raw(`'YYYY-MM-DD"T"HH24'`) };

/** The label of the UTC period a stamp falls in, as the rules in ./days.ts write it. */
export const periodLabel = (stamp: SQL, by: Period) => sql`to_char(${stamp} at time zone 'UTC', ${PERIOD_TEXT[by]})`;

/**
 * A row's rake rate: a bet's room's, or for a refund that of the room of the bet it returns. Looked up
 * row by row through the primary keys: joins let the planner hash the whole ledger and every room.
 */
export const rakeRate = sql`coalesce((select r.rake_percentage from rooms r where r.id = case
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

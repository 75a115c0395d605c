import { sql, type SQL } from "drizzle-orm";
import type { Period } from "./days";

// The ledger summed in SQL, shared by the daily report, the closed days it keeps and the dashboard.

/** The instant a UTC day starts. */
export const startOf = (day: string) => sql`(${day}::date::timestamp at time zone 'UTC')`;

const PERIOD_TEXT = { day: sql.raw(`'YYYY-MM-DD'`), hour: sql.raw(`'YYYY-MM-DD"T"HH24'`) };

/** The label of the UTC period a stamp falls in, as the rules in ./days.ts write it. */
export const periodLabel = (stamp: SQL, by: Period) => sql`to_char(${stamp} at time zone 'UTC', ${PERIOD_TEXT[by]})`;

/**
 * Rake recognised: what settled pots paid the house (ledger rows of cause `rake`), at the time they
 * settled. Every figure of rake (the report, its kept days, the dashboard) is this sum of money that
 * moved, never a rate applied beside it.
 */
export const rakeRecognised = sql`coalesce(sum(e.amount) filter (where e.cause = 'rake'), 0)`;

/**
 * A row's amount as the sums keep it: adjustments signed (positive paid a player, negative took from
 * one), as one kind holds both ways; every other kind as written, its kind giving its direction.
 */
export const summedAmount = sql`case when e.kind = 'adjustment' and e.from_account like 'player:%' then -e.amount else e.amount end`;

/**
 * The ledger's rows stamped from `since` (or the beginning) to before `until` (or now), summed per
 * period, currency and kind (adjustments signed: summedAmount), with the rake recognised and how many players moved (settlement rows
 * move no player's money: their kind is `settlement`). The period's label is in `day` whichever the period.
 */
export function ledgerSums({ since, until, currency, by = "day" }: { since?: SQL; until?: SQL; currency?: string; by?: Period }): SQL {
  return sql`
    select ${periodLabel(sql`e.created_at`, by)} as day, e.currency, e.kind,
           sum(${summedAmount}) as amount, count(*)::int as transfers,
           ${rakeRecognised} as rake,
           count(distinct e.player_id)::int as players
    from ledger_entries e
    where true
      ${since ? sql`and e.created_at >= ${since}` : sql``}
      ${until ? sql`and e.created_at < ${until}` : sql``}
      ${currency ? sql`and e.currency = ${currency}` : sql``}
    group by 1, 2, 3`;
}

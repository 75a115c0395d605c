import { max, sql } from "drizzle-orm";
import { rowsOf, type Executor } from "@/db/client";
import { ledgerDays } from "@/db/schema";
import { OverloadedError } from "@/lib/errors";
import { log } from "@/lib/observability/log";
import { addDays, daysFrom, lastClosedDay } from "./days";
import { ledgerSums, periodLabel, startOf, summedAmount } from "./ledger-sums";

// Closed days are summed into ledger_days a day at a time, oldest first, each day in a transaction of
// its own: a run that stops (out of time, its caller gone, a statement failed) keeps the days it
// summed, and the next run goes on from the newest kept day. No statement reads more than a slice of
// one day, so the first report over a long unsummed history (after an upgrade) cannot outgrow the
// database's timeout: it takes as many requests as it needs, and says how far it got in the log.

/**
 * Most rows one statement sums: about 0.15 s of work at the 3 µs a row measured on PostgreSQL (6 µs
 * on the embedded database), far inside the database's timeout (DATABASE_TIMEOUT_MS, 5 s by default).
 * A day with more is summed in slices of this many rows, in the order written, in the day's transaction.
 */
export const SLICE_ROWS = 50_000;
/** How often a long run logs how far it got. */
const PROGRESS_EVERY_MS = 5_000;
/** Each try sums more days: ask again soon. */
const RETRY_AFTER_SECONDS = 1;

export interface SumClosedDaysOptions {
  now?: number;
  /** Starts no day after this instant (ms since the epoch): a request's share of its deadline. */
  by?: number;
  /** Starts no day once aborted: the caller went away. */
  signal?: AbortSignal;
  sliceRows?: number;
  /** Called once each day is kept (committed when `db` is the database, not a transaction). */
  onDay?: (day: string) => void;
}

/** Days kept by this run, and calendar days from the next one to sum to the last closed day (0: all kept). */
export interface ClosedDaysRun {
  summed: number;
  left: number;
}

/** The UTC day of the ledger's first row stamped on or after `from` (or ever): the next day with anything to sum. */
async function nextDayWithRows(db: Executor, from: string | undefined): Promise<string | undefined> {
  const [row] = rowsOf<{ day: string }>(
    await db.execute(sql`select ${periodLabel(sql`created_at`, "day")} as day from ledger_entries
                         ${from ? sql`where created_at >= ${startOf(from)}` : sql``} order by created_at limit 1`),
  );
  return row?.day;
}

/** Sums every closed day not yet in ledger_days, oldest first, until done, out of time or aborted. */
export async function sumClosedDays(db: Executor, { now = Date.now(), by, signal, sliceRows = SLICE_ROWS, onDay }: SumClosedDaysOptions = {}): Promise<ClosedDaysRun> {
  const closed = lastClosedDay(now);
  // Days are kept in order, so the newest kept day is where to go on from.
  const [kept] = await db.select({ day: max(ledgerDays.day) }).from(ledgerDays);
  let day = await nextDayWithRows(db, kept?.day ? addDays(kept.day, 1) : undefined);
  const left = () => (day && day <= closed ? daysFrom(day, closed) + 1 : 0);
  if (left() === 0) return { summed: 0, left: 0 };

  const started = Date.now();
  let reported = started;
  let summed = 0;
  // Quiet for the one day that closes each night; a history worth watching is logged as it goes.
  const long = left() > 1;
  if (long) log("info", "summing closed days of the ledger", { from: day, to: closed, days_left: left() });
  while (day && left() > 0) {
    if (signal?.aborted || (by !== undefined && Date.now() >= by)) {
      if (long || summed > 0) log("info", "summing closed days of the ledger paused", { days_summed: summed, days_left: left(), next_day: day, reason: signal?.aborted ? "caller gone" : "out of time" });
      return { summed, left: left() };
    }
    await sumDay(db, day, sliceRows);
    summed++;
    onDay?.(day);
    day = await nextDayWithRows(db, addDays(day, 1));
    if (Date.now() - reported >= PROGRESS_EVERY_MS) {
      reported = Date.now();
      log("info", "summing closed days of the ledger", { days_summed: summed, days_left: left(), duration_ms: reported - started });
    }
  }
  if (long) log("info", "closed days of the ledger summed", { days_summed: summed, duration_ms: Date.now() - started });
  return { summed, left: 0 };
}

/** Every closed day kept, or a refusal as busy that says how far the summing got: the next try goes on from there. */
export async function keepClosedDays(db: Executor, options: SumClosedDaysOptions = {}): Promise<void> {
  const { summed, left } = await sumClosedDays(db, options);
  if (left === 0) return;
  // Also when the caller went away: nobody reads the answer, and it is no fault to log as one.
  throw new OverloadedError(
    `The ledger's closed days are being summed, a day at a time: ${summed} more kept, ${left} to go. Try again in a moment; each report goes on from where the last one stopped.`,
    RETRY_AFTER_SECONDS,
  );
}

/**
 * One closed day's sums into ledger_days, in one transaction. Two instances summing the same day at
 * once sum the same rows to the same figures: the second insert adds nothing.
 */
async function sumDay(db: Executor, day: string, sliceRows: number): Promise<void> {
  const since = startOf(day);
  const until = startOf(addDays(day, 1));
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    const [{ rows } = { rows: 0 }] = rowsOf<{ rows: number }>(
      await tx.execute(sql`select count(*)::int as rows from (select 1 from ledger_entries where created_at >= ${since} and created_at < ${until} limit ${sliceRows + 1}) r`),
    );
    if (rows <= sliceRows) {
      await tx.execute(sql`
        insert into ledger_days (day, currency, kind, amount, transfers, rake, players)
        select day::date, currency, kind, amount, transfers, rake, players from (${ledgerSums({ since, until })}) s
        on conflict do nothing`);
    } else {
      await sumDayInSlices(tx, day, sliceRows);
    }
  });
}

/**
 * A day too large for one statement, in slices of `sliceRows` rows in the order written (the ledger's
 * time index). The players of a day are counted once however many slices they appear in, so the
 * slices add up per player in a table of the transaction's own, and the day is its sum. Settlement
 * rows have no player: they add up under '', which is not counted as one.
 */
async function sumDayInSlices(tx: Executor, day: string, sliceRows: number): Promise<void> {
  const since = startOf(day);
  const until = startOf(addDays(day, 1));
  await tx.execute(sql`
    create temp table closed_day_parts (currency text, kind text, player_id text, amount numeric not null, transfers bigint not null,
                                        rake numeric not null, primary key (currency, kind, player_id)) on commit drop`);
  // The last row summed: its stamp as the database wrote it (microseconds; a Date keeps milliseconds).
  let after: { at: string; seq: string } | undefined;
  for (;;) {
    const [last] = rowsOf<{ at: string; seq: string; rows: number }>(
      await tx.execute(sql`
        with slice as (
          select e.created_at, e.seq, e.currency, e.kind, coalesce(e.player_id, '') as player_id, ${summedAmount} as amount,
                 case when e.cause = 'rake' then e.amount else 0 end as rake
          from ledger_entries e
          where e.created_at < ${until} and ${after ? sql`(e.created_at, e.seq) > (${after.at}::timestamptz, ${after.seq}::bigint)` : sql`e.created_at >= ${since}`}
          order by e.created_at, e.seq
          limit ${sliceRows}
        ), added as (
          insert into closed_day_parts as p (currency, kind, player_id, amount, transfers, rake)
          select currency, kind, player_id, sum(amount), count(*), sum(rake) from slice group by 1, 2, 3
          on conflict (currency, kind, player_id) do update
            set amount = p.amount + excluded.amount, transfers = p.transfers + excluded.transfers, rake = p.rake + excluded.rake
        )
        select created_at::text as at, seq::text as seq, (select count(*) from slice)::int as rows
        from slice order by created_at desc, seq desc limit 1`),
    );
    if (!last) break;
    after = { at: last.at, seq: last.seq };
    if (last.rows < sliceRows) break;
  }
  await tx.execute(sql`
    insert into ledger_days (day, currency, kind, amount, transfers, rake, players)
    select ${day}::date, currency, kind, sum(amount), sum(transfers), coalesce(sum(rake), 0), count(*) filter (where player_id <> '') from closed_day_parts
    group by currency, kind
    on conflict do nothing`);
  // Dropped now rather than at commit: a caller's transaction may sum several days (savepoints).
  await tx.execute(sql`drop table closed_day_parts`);
}

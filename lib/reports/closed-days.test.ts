import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rowsOf, type Executor } from "@/db/client";
import { Decimal } from "@/lib/money/decimal";
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from "@/tests/support/test-database";
import { keepClosedDays, sumClosedDays } from "./closed-days";
import { dailyReport } from "./daily-report";
import { lastClosedDay } from "./days";
import { ledgerSums, startOf } from "./ledger-sums";

// Closed days summed a day at a time into ledger_days, against the ledger summed in one go. Each test
// has a database of its own: what is kept is the whole ledger's, not one currency's.

/** Noon on 2026-03-12: the days up to 2026-03-11 are closed, the 12th is open. */
const NOW = Date.parse("2026-03-12T12:00:00Z");
const LAST_CLOSED = "2026-03-11";
/** The days with rows, and how many each: none on the 5th nor on the last closed day (the 11th). */
const DAYS = [0, 1, 2, 3, 5, 6, 7, 8, 9, 11].map((d) => ({ day: `2026-03-${String(d + 1).padStart(2, "0")}`, rows: 3 + d * 4 }));
const CLOSED_DAYS_WITH_ROWS = DAYS.filter((d) => d.day <= LAST_CLOSED).length;

/**
 * Six players in two currencies; rooms with 0, 5 and 2.5 % rake. Each day: bets, wins, deposits,
 * refunds of that day's bets and rake paid to the house (settlement rows, which have no player), in pairs written at the same instant (ties the slices must split by
 * seq), the first at midnight sharp; every player several times a day, so slices share players.
 */
async function seed(db: Executor) {
  await db.execute(sql`insert into players (id, username, currency, real_balance, avatar_name, avatar_url)
    select 'cd-p' || n, 'cd_p' || n, case when n % 2 = 0 then 'USD' else 'EUR' end, 0, 'default', '/avatars/default.svg' from generate_series(0, 5) n`);
  await db.execute(sql`insert into rooms (id, name, bet_amount, currency, player_limit, status, rake_percentage, turn)
    values ('cd-r0', 'r0', 1, 'USD', 2, 'finished', 0, 10), ('cd-r1', 'r1', 1, 'USD', 2, 'finished', 5, 10), ('cd-r2', 'r2', 1, 'EUR', 2, 'finished', 2.5, 10)`);
  for (const { day, rows } of DAYS) {
    await db.execute(sql`
      insert into ledger_entries (id, kind, player_id, amount, real_amount, bonus_amount, currency, from_account, to_account, cause, transfer_id, round_id, reason,
                                  reference_id, refunds_entry_id, real_balance_after, bonus_balance_after, created_at)
      select ${day}::text || '-' || i, k, case when k <> 'settlement' then p end, a, a, 0, case when p in ('cd-p0', 'cd-p2', 'cd-p4') then 'USD' else 'EUR' end,
             case k when 'deposit' then 'operator' when 'credit' then 'platform' when 'debit' then 'player:' || p else 'pot:cd-r' end,
             case k when 'debit' then 'pot:cd-r' when 'settlement' then 'house' else 'player:' || p end,
             case k when 'deposit' then 'deposit' when 'debit' then 'bet' when 'credit' then 'win' when 'settlement' then 'rake' else 'platform_refund' end, ${day}::text || '-' || i,
             case when k in ('debit', 'refund') then 'cd-r' || ((i - case when k = 'refund' then 3 else 0 end) % 3) end, 'test',
             case when k = 'refund' then 'ref-' || ${day}::text || '-' || i end, case when k = 'refund' then ${day}::text || '-' || (i - 3) end,
             case when k <> 'settlement' then 0 end, case when k <> 'settlement' then 0 end, ${startOf(day)} + (i / 2) * interval '61 minutes'
      from generate_series(0, ${rows - 1}::int) i
      cross join lateral (select (array['debit', 'credit', 'deposit', 'refund', 'settlement'])[i % 5 + 1] as k,
                                 'cd-p' || ((i / 4 + ${rows}::int) % 6) as p,
                                 ((i % 7) + 1) * 0.25 as a) r`);
  }
}

type Sum = { day: string; currency: string; kind: string; amount: string; transfers: number; rake: string; players: number };
const normal = (rows: Sum[]) =>
  rows
    .map((r) => ({ day: String(r.day), currency: r.currency, kind: r.kind, amount: new Decimal(r.amount).toString(), transfers: Number(r.transfers), rake: new Decimal(r.rake).toString(), players: Number(r.players) }))
    .sort((a, b) => `${a.day} ${a.currency} ${a.kind}`.localeCompare(`${b.day} ${b.currency} ${b.kind}`));
const kept = async (db: Executor) => normal(rowsOf<Sum>(await db.execute(sql`select day::text as day, currency, kind, amount, transfers, rake, players from ledger_days`)));
/** Every closed day summed from scratch, in one statement: what the kept days must equal. */
const fromScratch = async (db: Executor) => normal(rowsOf<Sum>(await db.execute(ledgerSums({ until: startOf("2026-03-12") }))));

describe.each(testDatabaseKinds)("%s: closed days", (kind) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await openTestDatabase(kind);
    await seed(t.handle.db);
  });
  afterEach(() => t.close());

  it("keeps each closed day, equal to the ledger summed in one go, and nothing of the open day", async () => {
    expect(lastClosedDay(NOW)).toBe(LAST_CLOSED);
    const db = t.handle.db;
    expect(await sumClosedDays(db, { now: NOW })).toEqual({ summed: CLOSED_DAYS_WITH_ROWS, left: 0 });
    const expected = await fromScratch(db);
    expect(new Set(expected.map((s) => s.day)).size).toBe(CLOSED_DAYS_WITH_ROWS);
    expect(await kept(db)).toEqual(expected);
    // The next run has nothing to do.
    expect(await sumClosedDays(db, { now: NOW })).toEqual({ summed: 0, left: 0 });

    // The report's closing balances are the ledger's signed sums, the open day's rows included.
    const report = await dailyReport(db, { from: "2026-03-01", to: "2026-03-12", format: "json" }, NOW);
    const net = rowsOf<{ currency: string; net: string }>(await db.execute(sql`select currency, sum(case when kind = 'debit' then -amount else amount end)::text as net from ledger_entries where kind <> 'settlement' group by 1`));
    for (const { currency, net: value } of net) {
      expect(new Decimal(report.days.filter((l) => l.currency === currency).at(-1)!.closing_balance).equals(value)).toBe(true);
    }
  });

  it("keeps the days summed before an interruption, and the next run goes on to the same sums as from scratch", async () => {
    const db = t.handle.db;
    const stop = new AbortController();
    const seen: string[] = [];
    const onDay = (day: string) => void (seen.push(day) === 3 && stop.abort(new Error("caller gone")));
    // Days with nothing on them (the 5th) are stepped over; left counts calendar days to the last closed one.
    expect(await sumClosedDays(db, { now: NOW, signal: stop.signal, onDay })).toEqual({ summed: 3, left: 8 });
    expect(seen).toEqual(["2026-03-01", "2026-03-02", "2026-03-03"]);
    expect(new Set((await kept(db)).map((s) => s.day))).toEqual(new Set(seen));

    // Out of time before the next day: refused as busy, saying how far it got; nothing is lost.
    const refusal = keepClosedDays(db, { now: NOW, by: Date.now() - 1 });
    await expect(refusal).rejects.toMatchObject({ code: "overloaded", retryAfterSeconds: 1 });
    await expect(refusal).rejects.toThrow("The ledger's closed days are being summed, a day at a time: 0 more kept, 8 to go.");

    expect(await sumClosedDays(db, { now: NOW })).toEqual({ summed: CLOSED_DAYS_WITH_ROWS - 3, left: 0 });
    expect(await kept(db)).toEqual(await fromScratch(db));
  });

  it("sums a day larger than a slice in slices, to the same figures and the same players counted once", async () => {
    const db = t.handle.db;
    const expected = await fromScratch(db);
    // Slices of 1 and 5 rows split the pairs written at the same instant; 10_000 sums each day whole.
    for (const sliceRows of [1, 5, 10_000]) {
      await db.execute(sql`delete from ledger_days`);
      expect(await sumClosedDays(db, { now: NOW, sliceRows })).toEqual({ summed: CLOSED_DAYS_WITH_ROWS, left: 0 });
      expect(await kept(db)).toEqual(expected);
    }
    // A report inside a transaction keeps its days there, each in a savepoint.
    await db.execute(sql`delete from ledger_days`);
    await db.transaction((tx) => keepClosedDays(tx, { now: NOW, sliceRows: 5 }));
    expect(await kept(db)).toEqual(expected);
  });
});

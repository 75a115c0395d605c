import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "@/db/client";
import { Decimal } from "@/lib/money/decimal";
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from "@/tests/support/test-database";
import { sumClosedDays } from "./closed-days";
import { dailyReport } from "./daily-report";
import { addDays, dayOf, lastClosedDay } from "./days";
import { startOf } from "./ledger-sums";

// The first report after an upgrade, over a long history nothing was kept of: 300,000 rows over 200
// days, one of them with 60,000 (more than a slice). On PostgreSQL the report runs with a statement
// timeout of 1 s, as the app's requests do with theirs: no statement may read the whole history.
// (The embedded database has no statement timeout; there the test shows the same sums.)

const NOW = Date.now();
const CLOSED = lastClosedDay(NOW);
const FIRST = addDays(CLOSED, -199);
const BUSY_DAY = addDays(CLOSED, -50);
const STATEMENT_TIMEOUT_MS = 1_000;

describe.each(testDatabaseKinds)("%s: the first report over a long unsummed ledger", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
    const db = t.handle.db;
    await db.execute(sql`insert into players (id, username, currency, real_balance, avatar_name, avatar_url)
      select 'big-p' || n, 'big_p' || n, case when n % 2 = 0 then 'USD' else 'EUR' end, 0, 'default', '/avatars/default.svg' from generate_series(0, 999) n`);
    await db.execute(sql`insert into rooms (id, name, bet_amount, currency, player_limit, status, rake_percentage, turn)
      select 'big-r' || n, 'r', 1, 'USD', 2, 'finished', n % 3 * 2.5, 10 from generate_series(0, 99) n`);
    // Bets with their room's rake, each followed a second later by its win (or, one in four, its refund):
    // 1,200 rows a day, and 60,000 on the busy day.
    const bets = (count: number, from: string, days: number, prefix: string) => sql`
      insert into ledger_entries (id, kind, player_id, amount, real_amount, bonus_amount, currency, from_account, to_account, cause, transfer_id, round_id, reason, real_balance_after, bonus_balance_after, created_at)
      select ${prefix}::text || j, 'debit', 'big-p' || (j % 1000), (j % 9 + 1) * 0.5, (j % 9 + 1) * 0.5, 0, case when j % 2 = 0 then 'USD' else 'EUR' end,
             'player:big-p' || (j % 1000), 'pot:big-r' || (j % 100), 'bet',
             ${prefix}::text || j, 'big-r' || (j % 100), 'bet', 0, 0, ${startOf(from)} + (j::float8 / ${count}::int) * ${days}::int * interval '1 day'
      from generate_series(0, ${count - 1}::int) j`;
    await db.execute(bets(120_000, FIRST, 200, "big-b"));
    await db.execute(bets(30_000, BUSY_DAY, 1, "busy-b"));
    await db.execute(sql`
      insert into ledger_entries (id, kind, player_id, amount, real_amount, bonus_amount, currency, from_account, to_account, cause, transfer_id, round_id, reason,
                                  reference_id, refunds_entry_id, real_balance_after, bonus_balance_after, created_at)
      select 'w-' || id, k, player_id, amount, amount, 0, currency, case when k = 'refund' then to_account else 'platform' end, from_account,
             case when k = 'refund' then 'platform_refund' else 'win' end, 'w-' || id, round_id, 'win',
             case when k = 'refund' then 'ref-' || id end, case when k = 'refund' then id end, 0, 0, created_at + interval '1 second'
      from (select *, case when seq % 4 = 0 then 'refund' else 'credit' end as k from ledger_entries where kind = 'debit') d`);
  }, 120_000);
  afterAll(() => t?.close());

  it("is summed a day at a time, each statement within the timeout, to the ledger's sums; the next report sums nothing", async () => {
    const reports = await t.reopen({ timeoutMs: STATEMENT_TIMEOUT_MS });
    const query = { from: FIRST, to: dayOf(NOW), format: "json" } as const;
    const first = await dailyReport(reports.db, query, NOW);

    // Every day of the history kept, the busy day in slices; the sums are the ledger's.
    const [days] = rowsOf<{ days: number }>(await reports.db.execute(sql`select count(distinct day)::int as days from ledger_days`));
    expect(days!.days).toBe(200);
    const direct = rowsOf<{ currency: string; net: string; bets: number }>(
      await t.handle.db.execute(sql`select currency, sum(case when kind = 'debit' then -amount else amount end)::text as net, count(*) filter (where kind = 'debit')::int as bets
                                    from ledger_entries group by 1 order by 1`),
    );
    for (const { currency, net, bets } of direct) {
      const lines = first.days.filter((l) => l.currency === currency);
      expect(new Decimal(lines.at(-1)!.closing_balance).equals(net)).toBe(true);
      expect(lines.reduce((n, l) => n + l.bet_count, 0)).toBe(bets);
    }

    // Kept: the next report finds nothing to sum, and says the same.
    expect(await sumClosedDays(reports.db, { now: NOW })).toEqual({ summed: 0, left: 0 });
    expect(await dailyReport(reports.db, query, NOW)).toEqual(first);
  }, 120_000);
});

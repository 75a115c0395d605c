import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";

// A realistic data set made inside the database with generate_series: a million rooms take seconds,
// not a million requests. About 1% of rooms wait, 1% play, the rest are finished; five currencies;
// both player limits; a spread of stakes and of ages over 30 days; every seat a real bench player.

export const BENCH_CURRENCIES = ["USD", "EUR", "GBP", "JPY", "CHIPS"] as const;
const C = BENCH_CURRENCIES.length;
const currencies = sql.raw(`ARRAY[${BENCH_CURRENCIES.map((c) => `'${c}'`).join(",")}]`);

/** The n-th seeded player: players take the currencies in turn. */
export const benchPlayer = (n: number) => ({ id: `bench-p-${n}`, currency: BENCH_CURRENCIES[n % C]! });

export interface SeedSize {
  rooms: number;
  players: number;
}

export async function seedBench(db: Executor, { rooms, players }: SeedSize): Promise<void> {
  const perCurrency = Math.floor(players / C);
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`
    insert into players (id, username, currency, real_balance, bonus_balance, avatar_name, avatar_url)
    select 'bench-p-' || n, 'bench_player_' || n, (${currencies})[n % ${C} + 1], 1000000000, 0, 'default', '/avatars/default.svg'
    from generate_series(0, ${players - 1}) n`);
  await db.execute(sql`
    insert into ledger_entries (id, kind, player_id, amount, real_amount, bonus_amount, currency, from_account, to_account, cause, transfer_id, reason, real_balance_after, bonus_balance_after)
    select 'bench-deposit-' || id, 'deposit', id, real_balance, real_balance, 0, currency, 'operator', 'player:' || id, 'deposit', 'bench-deposit-' || id, 'opening_balance', real_balance, 0
    from players where id like 'bench-p-%'`);

  // The tally trigger would do a million single-row upserts (count once afterwards instead), the
  // live-update trigger a million notifications nobody listens to, and the status log a million rows
  // of history the seeded rooms never had (the dashboard's room counts start after the seed).
  await db.execute(sql`alter table rooms disable trigger rooms_tally_insert_delete`);
  await db.execute(sql`alter table rooms disable trigger rooms_notify`);
  await db.execute(sql`alter table rooms disable trigger rooms_log_new_status`);
  try {
    await db.execute(sql`
      insert into rooms (id, name, bet_amount, currency, player_limit, current_players, status, is_incremental,
                         rake_percentage, time_bank, turn, created_at, updated_at)
      select 'bench-r-' || i, 'Bench room ' || i,
             stake * case when c = 3 then 100 else 1 end,
             (${currencies})[c + 1], lim,
             case when st = 'waiting' then 1 + floor(random() * (lim - 1))::int else lim end,
             st, random() < 0.3, (array[0, 2.5, 5])[1 + floor(random() * 3)::int],
             (array[0, 30, 45, 60, 90])[1 + floor(random() * 5)::int], (array[10, 15, 20, 30])[1 + floor(random() * 4)::int],
             made, made
      from (
        select i, floor(random() * ${C})::int as c,
               case when r < 0.01 then 'waiting' when r < 0.02 then 'playing' else 'finished' end as st,
               case when random() < 0.5 then 2 else 4 end as lim,
               (array[0.1, 0.5, 1, 2, 5, 10, 25, 100])[1 + floor(random() * 8)::int] as stake,
               now() - random() * interval '30 days' as made
        from (select i, random() as r from generate_series(0, ${rooms - 1}) i) g
      ) s`);
    await db.execute(sql`
      insert into room_seats (room_id, player_id, joined_at)
      select r.id, 'bench-p-' || (((abs(hashtext(r.id)) + j) % ${perCurrency}) * ${C} + array_position(${currencies}, r.currency) - 1),
             r.created_at + j * interval '3 seconds'
      from rooms r cross join lateral generate_series(0, r.current_players - 1) j
      where r.id like 'bench-r-%'`);
  } finally {
    await db.execute(sql`alter table rooms enable trigger rooms_tally_insert_delete`);
    await db.execute(sql`alter table rooms enable trigger rooms_notify`);
    await db.execute(sql`alter table rooms enable trigger rooms_log_new_status`);
  }
  await recountRoomTallies(db);
  // Vacuum sets the visibility map, without which the list's index-only scans would read the table.
  await db.execute(sql`vacuum analyze`);
}

/** Rebuilds room_tallies from the rooms table: after bulk loads made with the trigger off. */
export async function recountRoomTallies(db: Executor): Promise<void> {
  await db.execute(sql`delete from room_tallies`);
  await db.execute(sql`
    insert into room_tallies (status, currency, player_limit, bet_amount, rooms)
    select status, currency, player_limit, bet_amount, count(*) from rooms group by 1, 2, 3, 4`);
}

/**
 * Ledger history for the reports: `rows` movements over the last 30 days, in pairs that leave each
 * balance as it was (so balances still equal their ledgers): a bet in a seeded room, then its win (3
 * pairs in 4) or its refund. Bets take their room's rake; amounts are whole or half units (whole yen).
 */
export async function seedLedgerHistory(db: Executor, { rows, players, rooms }: { rows: number; players: number; rooms: number }): Promise<void> {
  const pairs = Math.floor(rows / 2);
  await db.execute(sql`
    insert into ledger_entries (id, kind, player_id, amount, real_amount, bonus_amount, currency, from_account, to_account, cause, transfer_id, round_id, reason, real_balance_after, bonus_balance_after, created_at)
    select 'bench-bet-' || j, 'debit', p.id, a, a, 0, p.currency, 'player:' || p.id, 'pot:bench-r-' || (j % ${rooms}), 'bet', 'bench-bet-' || j, 'bench-r-' || (j % ${rooms}), 'bet', p.real_balance - a, 0, at
    from (select j, now() - random() * interval '30 days' as at, 'bench-p-' || (j % ${players}) as pid from generate_series(0, ${pairs - 1}) j) g
    join players p on p.id = g.pid
    -- Yen have no minor unit: whole amounts there, as the wallet accepts them.
    cross join lateral (select case when p.currency = 'JPY' then (j % 40) + 1 else ((j % 40) + 1) / 2.0 end as a) amount
    -- In the order of time, as a ledger is written: a day's rows lie together.
    order by at`);
  await db.execute(sql`
    insert into ledger_entries (id, kind, player_id, amount, real_amount, bonus_amount, currency, from_account, to_account, cause, transfer_id, round_id, reason,
                                reference_id, refunds_entry_id, real_balance_after, bonus_balance_after, created_at)
    select 'bench-back-' || substr(d.id, 11), case when w then 'credit' else 'refund' end, d.player_id, d.amount, d.amount, 0, d.currency,
           case when w then 'platform' else d.to_account end, d.from_account, case when w then 'win' else 'platform_refund' end,
           case when w then 'bench-win-' || substr(d.id, 11) else d.transfer_id end, d.round_id, case when w then 'win' else 'game_error' end,
           case when w then null else 'bench-refund-' || substr(d.id, 11) end, case when w then null else d.id end,
           d.real_balance_after + d.amount, 0, least(now(), d.created_at + interval '20 seconds')
    from (select *, substr(id, 11)::bigint % 4 <> 0 as w from ledger_entries where id like 'bench-bet-%') d
    order by d.created_at`);
  // Each round's pot holds its bets less those refunded, as the wallet keeps it (lib/ledger/movements.ts).
  await db.execute(sql`
    insert into round_pots (round_id, currency, balance)
    select bet.round_id, min(bet.currency), sum(bet.amount) - coalesce(sum(back.amount), 0)
    from ledger_entries bet left join ledger_entries back on back.refunds_entry_id = bet.id
    where bet.id like 'bench-bet-%'
    group by bet.round_id
    on conflict (round_id) do update set balance = round_pots.balance + excluded.balance`);
}

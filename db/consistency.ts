import { sql } from "drizzle-orm";
import { rowsOf, type Executor } from "./client";

// Questions that must always answer "none": asked by the tests, the benchmark and after every fault.
// Plain SQL, so that any client can ask them (the postgres driver, Drizzle, psql).

/** The rows that take from their player: bets, and adjustments out of the player's account. */
const TAKES = `(kind = 'debit' or (kind = 'adjustment' and from_account = 'player:' || player_id))`;

/** Players whose balances differ from the signed sums of their ledger rows. */
export const LEDGER_MISMATCHES_SQL = `
  select p.id, p.real_balance, p.bonus_balance, l.real, l.bonus
  from players p
  left join (
    select player_id,
           sum(case when ${TAKES} then -real_amount else real_amount end) as real,
           sum(case when ${TAKES} then -bonus_amount else bonus_amount end) as bonus
    from ledger_entries group by player_id
  ) l on l.player_id = p.id
  where p.real_balance <> coalesce(l.real, 0) or p.bonus_balance <> coalesce(l.bonus, 0)`;

/** Room tallies that differ from a count of the rooms themselves (a full scan: for checks, not requests). */
export const TALLY_MISMATCHES_SQL = `
  select coalesce(t.status, r.status) as status, coalesce(t.currency, r.currency) as currency,
         coalesce(t.player_limit, r.player_limit) as player_limit, coalesce(t.bet_amount, r.bet_amount) as bet_amount,
         coalesce(t.rooms, 0) as tallied, coalesce(r.rooms, 0) as counted
  from room_tallies t
  full join (select status, currency, player_limit, bet_amount, count(*) as rooms from rooms group by 1, 2, 3, 4) r
    using (status, currency, player_limit, bet_amount)
  where coalesce(t.rooms, 0) <> coalesce(r.rooms, 0)`;

/** Seats whose copy of their room's state differs from the room (migrations 0005 and 0012). */
export const SEAT_STATE_MISMATCHES_SQL = `
  select s.room_id, s.player_id, r.status, s.room_active, s.room_waiting
  from room_seats s join rooms r on r.id = s.room_id
  where s.room_active <> (r.status <> 'finished') or s.room_waiting <> (r.status = 'waiting')`;

/**
 * Per currency, all accounts together: the balances kept (players' and pots') plus the balances of the
 * accounts that keep none (the house, the platform, the operator: what entered less what left) must be
 * zero. A kept balance changed without its ledger row, or a row without its balance, breaks it.
 */
export const ZERO_SUM_MISMATCHES_SQL = `
  select currency, sum(balance) as total from (
    select currency, real_balance + bonus_balance as balance from players
    union all select currency, balance from round_pots
    union all select currency, amount from ledger_entries where to_account in ('house', 'platform', 'operator')
    union all select currency, -amount from ledger_entries where from_account in ('house', 'platform', 'operator')
  ) accounts
  group by currency
  having sum(balance) <> 0`;

/**
 * Accounts with a kept balance that differs from their rows: each pot against what entered and left
 * it, and each player against theirs (by account, beside the by-kind sums of LEDGER_MISMATCHES_SQL).
 */
export const ACCOUNT_MISMATCHES_SQL = `
  with moved as (
    select account, sum(amount) as balance from (
      select to_account as account, amount from ledger_entries
      union all select from_account, -amount from ledger_entries
    ) m group by account
  ), kept as (
    select 'player:' || id as account, real_balance + bonus_balance as balance from players
    union all select 'pot:' || round_id, balance from round_pots
  )
  select coalesce(k.account, m.account) as account, k.balance as kept, coalesce(m.balance, 0) as moved
  from kept k full join (select * from moved where account like 'player:%' or account like 'pot:%') m using (account)
  where coalesce(k.balance, 0) <> coalesce(m.balance, 0)`;

/**
 * Pots that differ from their round: the round's bets, less the refunds that returned them, less
 * what settlement paid out; and a settled pot whose kept rake and platform share differ from its rows.
 */
export const POT_MISMATCHES_SQL = `
  select p.round_id, p.balance, coalesce(b.bets, 0) - coalesce(b.returned, 0) - coalesce(s.paid, 0) as from_round,
         p.rake, s.rake as rake_rows, p.to_platform, s.to_platform as platform_rows
  from round_pots p
  left join (
    select bet.round_id, sum(bet.amount) as bets, sum(back.amount) as returned
    from ledger_entries bet left join ledger_entries back on back.refunds_entry_id = bet.id
    where bet.kind = 'debit' group by bet.round_id
  ) b on b.round_id = p.round_id
  left join (
    select round_id, sum(amount) as paid, sum(amount) filter (where cause = 'rake') as rake, sum(amount) filter (where cause = 'settlement') as to_platform
    from ledger_entries where kind = 'settlement' group by round_id
  ) s on s.round_id = p.round_id
  where p.balance <> coalesce(b.bets, 0) - coalesce(b.returned, 0) - coalesce(s.paid, 0)
     or (p.settled_at is not null and (p.rake <> coalesce(s.rake, 0) or p.to_platform <> coalesce(s.to_platform, 0)))`;

/**
 * Days kept in ledger_days (the daily report's sums) that differ from the ledger's own rows of that
 * day, and the ledger's days up to the newest kept one that were never kept (rows that committed
 * after their day was summed). Adjustments are kept signed: what they took from players is negative.
 */
export const KEPT_DAY_MISMATCHES_SQL = `
  with kept as (select * from ledger_days),
  ledger as (
    select (created_at at time zone 'UTC')::date as day, currency, kind, sum(case when kind = 'adjustment' and from_account = 'player:' || player_id then -amount else amount end) as amount, count(*) as transfers,
           coalesce(sum(amount) filter (where cause = 'rake'), 0) as rake, count(distinct player_id) as players
    from ledger_entries
    where created_at < ((select max(day) from kept) + 1)::timestamp at time zone 'UTC'
    group by 1, 2, 3
  )
  select coalesce(d.day, l.day) as day, coalesce(d.currency, l.currency) as currency, coalesce(d.kind, l.kind) as kind,
         d.amount, d.transfers, d.rake, l.amount as ledger_amount, l.transfers as ledger_transfers, l.rake as ledger_rake
  from kept d full join ledger l on l.day = d.day and l.currency = d.currency and l.kind = d.kind
  where l.amount is distinct from d.amount or l.transfers is distinct from d.transfers or l.rake is distinct from d.rake
     or l.players is distinct from d.players`;

/** Rooms whose count of players differs from their seats. */
export const PLAYER_COUNT_MISMATCHES_SQL = `
  select r.id, r.current_players, count(s.player_id)::int as seats
  from rooms r left join room_seats s on s.room_id = r.id
  group by r.id, r.current_players
  having r.current_players <> count(s.player_id)`;

/** A date column as the drivers give it (a Date from postgres.js, text from PGlite), as YYYY-MM-DD. */
const dayText = (day: unknown) => (day instanceof Date ? day.toISOString().slice(0, 10) : String(day).slice(0, 10));

/**
 * Every answer of the questions above, as lines that say what differs: none on a sound database.
 * The API tests ask it of each database once all their files have run (tests/api/global-setup.ts), the
 * fault suite after every fault (tests/faults/support/app.ts), and an operator of the live database
 * through GET /v1/admin/ledger/check (lib/reports/ledger-check.ts), `oneAtATime` in its transaction.
 */
export async function findInconsistencies(db: Pick<Executor, "execute">, { oneAtATime = false }: { oneAtATime?: boolean } = {}): Promise<string[]> {
  const ask = async (query: string) => rowsOf<Record<string, unknown>>(await db.execute(sql.raw(query)));
  // In a transaction, one statement at a time: a connection runs one.
  const askAll = async (queries: string[]) => {
    if (!oneAtATime) return Promise.all(queries.map(ask));
    const answers = [];
    for (const query of queries) answers.push(await ask(query));
    return answers;
  };
  const [ledger, zeroSum, accounts, pots, keptDays, tallies, playerCounts, seats] = await askAll(
    [
      LEDGER_MISMATCHES_SQL,
      ZERO_SUM_MISMATCHES_SQL,
      ACCOUNT_MISMATCHES_SQL,
      POT_MISMATCHES_SQL,
      KEPT_DAY_MISMATCHES_SQL,
      TALLY_MISMATCHES_SQL,
      PLAYER_COUNT_MISMATCHES_SQL,
      SEAT_STATE_MISMATCHES_SQL,
    ],
  );
  return [
    ...ledger!.map((r) => `player ${r.id}: balances ${r.real_balance} real, ${r.bonus_balance} bonus; ledger sums ${r.real ?? 0} real, ${r.bonus ?? 0} bonus`),
    ...zeroSum!.map((r) => `currency ${r.currency}: all accounts sum to ${r.total}, not 0`),
    ...accounts!.map((r) => `account ${r.account}: kept balance ${r.kept ?? "none"}, its rows ${r.moved}`),
    ...pots!.map((r) => `pot of round ${r.round_id}: balance ${r.balance}, from its round ${r.from_round}; rake ${r.rake ?? "-"} (rows ${r.rake_rows ?? 0}), to the platform ${r.to_platform ?? "-"} (rows ${r.platform_rows ?? 0})`),
    ...keptDays!.map((r) =>
      r.amount === null || r.amount === undefined
        ? `day ${dayText(r.day)} ${r.currency} ${r.kind}: ${r.ledger_amount} in ${r.ledger_transfers} rows in the ledger, never kept`
        : `kept day ${dayText(r.day)} ${r.currency} ${r.kind}: ${r.amount} in ${r.transfers} rows, rake ${r.rake}; the ledger has ${r.ledger_amount ?? 0} in ${r.ledger_transfers ?? 0}, rake ${r.ledger_rake ?? 0}`,
    ),
    ...tallies!.map((r) => `rooms ${r.status} ${r.currency} ${r.player_limit} seats, bet ${r.bet_amount}: tallied ${r.tallied}, counted ${r.counted}`),
    ...playerCounts!.map((r) => `room ${r.id}: ${r.current_players} players counted, ${r.seats} seats`),
    ...seats!.map((r) => `seat of ${r.player_id} in room ${r.room_id} (${r.status}): active ${r.room_active}, waiting ${r.room_waiting}`),
  ];
}

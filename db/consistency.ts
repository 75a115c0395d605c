import { sql } from "drizzle-orm";
import { rowsOf, type Executor } from "./client";

// Questions that must always answer "none": asked by the tests, the benchmark and after fault runs.
// Plain SQL, so that any client can ask them (the postgres driver, Drizzle, psql).

/** Players whose balances differ from the signed sums of their ledger rows. */
export const LEDGER_MISMATCHES_SQL = `
  select p.id, p.real_balance, p.bonus_balance, l.real, l.bonus
  from players p
  left join (
    select player_id,
           sum(case when kind = 'debit' then -real_amount else real_amount end) as real,
           sum(case when kind = 'debit' then -bonus_amount else bonus_amount end) as bonus
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
 * Every answer of the three questions above, as lines that say what differs: none on a sound database.
 * The API tests ask it of each database once all their files have run (tests/api/global-setup.ts).
 */
export async function findInconsistencies(db: Pick<Executor, "execute">): Promise<string[]> {
  const ledger = rowsOf<Record<string, unknown>>(await db.execute(sql.raw(LEDGER_MISMATCHES_SQL)));
  const tallies = rowsOf<Record<string, unknown>>(await db.execute(sql.raw(TALLY_MISMATCHES_SQL)));
  const seats = rowsOf<Record<string, unknown>>(await db.execute(sql.raw(SEAT_STATE_MISMATCHES_SQL)));
  return [
    ...ledger.map((r) => `player ${r.id}: balances ${r.real_balance} real, ${r.bonus_balance} bonus; ledger sums ${r.real ?? 0} real, ${r.bonus ?? 0} bonus`),
    ...tallies.map((r) => `rooms ${r.status} ${r.currency} ${r.player_limit} seats, bet ${r.bet_amount}: tallied ${r.tallied}, counted ${r.counted}`),
    ...seats.map((r) => `seat of ${r.player_id} in room ${r.room_id} (${r.status}): active ${r.room_active}, waiting ${r.room_waiting}`),
  ];
}

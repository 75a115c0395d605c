import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";

/** How large: the ledger gets about four rows per room. */
export interface LargeLobby {
  rooms: number;
  /** A multiple of 10, as seats are dealt among the players of each currency by tenths. */
  players: number;
}

/** The ids the seed gives, as PostgreSQL's md5(text)::uuid writes them. */
const uuidOf = (text: string) => createHash("md5").update(text).digest("hex").replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5");
export const largeLobbyIds = {
  room: (n: number) => uuidOf(`room${n}`),
  player: (p: number) => uuidOf(`player${p}`),
  /** Player p's currency, as the seed gives it: by tenths, 6 USD, 3 EUR, 1 JPY. */
  currencyOfPlayer: (p: number) => (p % 10 < 6 ? "USD" : p % 10 < 9 ? "EUR" : "JPY"),
};

/**
 * A lobby with a long history, written by a few `insert ... select generate_series` statements, so
 * that the planner sees production-like tables: most rooms finished, the newest waiting or playing;
 * seats with their room's state; a ledger of deposits, bets, wins and refunds (some under another
 * round id, as the platform may send them). Ids are md5-shaped UUIDs, scattered as real ones are.
 *
 * Room n (0-based): currency by n % 10 (6 USD, 3 EUR, 1 JPY, whose bets are 100 times larger);
 * 4 seats when n % 3 = 0, else 2; finished below 95% of the rooms, then waiting (even n) or
 * playing (odd n); a waiting room has one seat taken. Seat k of room n holds a player of the room's currency; finished rooms have a win
 * for seat 0, and when n % 20 = 0 a refund of seat 1's bet in the round, when n % 20 = 10 one under
 * another round id. The seats of the newest tenth of the rooms have had a game session.
 */
export async function seedLargeLobby(db: Executor, { rooms, players }: LargeLobby): Promise<void> {
  // Seat k of room n goes to slot (37n + 1009k) mod slots among the players of the room's currency:
  // the four seats of a room never share a player unless slots divides one of 1009, 2018, 3027.
  const slots = players / 10;
  if (!Number.isInteger(slots) || slots < 4 || [1009, 2018, 3027].some((d) => d % slots === 0)) {
    throw new Error(`seedLargeLobby: ${players} players cannot fill four seats a room with distinct players`);
  }
  const finishedBelow = Math.floor(rooms * 0.95);
  await db.transaction(async (tx) => {
    // Bulk history, not live changes: the rooms' and seats' triggers (notifications, tallies and
    // seat states one row at a time) are off, and what they keep is written directly below.
    await tx.execute(sql`alter table rooms disable trigger user`);
    await tx.execute(sql`alter table room_seats disable trigger user`);
    await tx.execute(sql.raw(`
      create temp table seed_rooms on commit drop as
      select *, case when status = 'waiting' then 1 + n % (lim - 1) else lim end as seats
      from (
        select n, md5('room' || n)::uuid::text as id,
          case when n % 10 < 6 then 'USD' when n % 10 < 9 then 'EUR' else 'JPY' end as currency,
          (array[0.5, 1, 2, 5, 10, 25, 50, 100])[1 + (n / 7) % 8] * case when n % 10 = 9 then 100 else 1 end as bet,
          case when n % 3 = 0 then 4 else 2 end as lim,
          case when n < ${finishedBelow} then 'finished' when n % 2 = 0 then 'waiting' else 'playing' end as status,
          now() - (${rooms} - n) * interval '30 seconds' as at
        from generate_series(0, ${rooms - 1}) n
      ) r`));
    await tx.execute(sql.raw(`
      create temp table seed_seats on commit drop as
      select r.n, k, r.id as room_id, md5('player' || (((r.n * 37 + k * 1009) % ${slots}) * 10 + r.n % 10))::uuid::text as player_id,
        md5('debit' || r.n || '-' || k)::uuid::text as debit_id, 'bet-' || r.n || '-' || k as transfer_id, r.at + k * interval '1 second' as at
      from seed_rooms r cross join generate_series(0, 3) k
      where k < r.seats`));
    // Counted, so that the joins below hash rather than loop.
    await tx.execute(sql`analyze seed_rooms, seed_seats`);
    await tx.execute(sql.raw(`
      insert into players (id, username, currency, real_balance, bonus_balance, avatar_name, avatar_url, created_at, updated_at)
      select md5('player' || p)::uuid::text, 'player_' || p, case when p % 10 < 6 then 'USD' when p % 10 < 9 then 'EUR' else 'JPY' end,
        1000000, 0, 'Fox', '/avatars/fox.svg', now() - interval '1 year', now()
      from generate_series(0, ${players - 1}) p`));
    await tx.execute(sql.raw(`
      insert into launch_tokens (token_hash, player_id, expires_at)
      select encode(sha256(('token' || p)::bytea), 'hex'), md5('player' || p)::uuid::text, now() + interval '1 day'
      from generate_series(0, ${players - 1}) p`));
    await tx.execute(sql.raw(`
      insert into rooms (id, name, bet_amount, currency, player_limit, current_players, status, rake_percentage, turn, created_by, created_at, updated_at)
      select r.id, 'Room ' || r.n, r.bet, r.currency, r.lim, r.seats, r.status, r.n % 6, 30,
        md5('player' || (((r.n * 37) % ${slots}) * 10 + r.n % 10))::uuid::text, r.at, r.at
      from seed_rooms r order by r.n`));
    await tx.execute(sql.raw(`
      insert into room_seats (room_id, player_id, joined_at, bet_transfer_id, room_active, room_waiting)
      select s.room_id, s.player_id, s.at, s.transfer_id, r.status <> 'finished', r.status = 'waiting'
      from seed_seats s join seed_rooms r using (n) order by s.n, s.k`));
    // The table's game sessions: one for each seat of the newest tenth of the rooms, long expired.
    await tx.execute(sql.raw(`
      insert into game_sessions (id, player_id, room_id, created_at, expires_at)
      select md5('session' || s.n || '-' || s.k), s.player_id, s.room_id, s.at, s.at + interval '10 minutes'
      from seed_seats s where s.n >= ${Math.floor(rooms * 0.9)}`));
    await tx.execute(sql.raw(`
      insert into room_tallies (status, currency, player_limit, bet_amount, rooms)
      select status, currency, player_limit, bet_amount, count(*) from rooms group by 1, 2, 3, 4`));
    // The ledger in order of writing: every opening deposit, then each room's bets, win and refund.
    await tx.execute(sql.raw(`
      insert into ledger_entries (id, kind, player_id, amount, real_amount, bonus_amount, currency, from_account, to_account, cause, transfer_id, reason, real_balance_after, bonus_balance_after, created_at)
      select md5('deposit' || p)::uuid::text, 'deposit', md5('player' || p)::uuid::text, 1000000, 1000000, 0,
        case when p % 10 < 6 then 'USD' when p % 10 < 9 then 'EUR' else 'JPY' end, 'operator', 'player:' || md5('player' || p)::uuid::text, 'deposit', 'deposit-' || p, 'opening_balance', 1000000, 0, now() - interval '1 year'
      from generate_series(0, ${players - 1}) p`));
    await tx.execute(sql.raw(`
      insert into ledger_entries (id, kind, player_id, amount, real_amount, bonus_amount, currency, from_account, to_account, cause, transfer_id, round_id, reason, reference_id, refunds_entry_id, real_balance_after, bonus_balance_after, created_at)
      select id, kind, player_id, amount, amount, 0, currency, case kind when 'deposit' then 'operator' when 'credit' then 'platform' when 'debit' then 'player:' || player_id else 'pot:' || round_id end, case kind when 'debit' then 'pot:' || round_id else 'player:' || player_id end, case kind when 'deposit' then 'deposit' when 'debit' then 'bet' when 'credit' then 'win' else 'platform_refund' end, transfer_id, round_id, reason, reference_id, refunds_entry_id, 1000000, 0, at
      from (
        select s.n, s.k as step, s.debit_id as id, 'debit' as kind, s.player_id, r.bet as amount, r.currency, s.transfer_id, r.id as round_id,
          'bet' as reason, null as reference_id, null as refunds_entry_id, s.at
        from seed_seats s join seed_rooms r using (n)
        union all
        select r.n, 10, md5('credit' || r.n)::uuid::text, 'credit', s.player_id, r.bet * r.lim, r.currency, 'win-' || r.n, r.id,
          'win', null, null, r.at + interval '10 minutes'
        from seed_rooms r join seed_seats s on s.n = r.n and s.k = 0 where r.status = 'finished'
        union all
        select r.n, 11, md5('refund' || r.n)::uuid::text, 'refund', s.player_id, r.bet, r.currency, s.transfer_id,
          case when r.n % 20 = 0 then r.id else 'platform-round-' || r.n end, 'refund', 'ref-' || r.n, s.debit_id, r.at + interval '11 minutes'
        from seed_rooms r join seed_seats s on s.n = r.n and s.k = 1 where r.status = 'finished' and r.n % 10 = 0
      ) movements order by n, step`));
    await tx.execute(sql`alter table rooms enable trigger user`);
    await tx.execute(sql`alter table room_seats enable trigger user`);
  });
  await db.execute(sql`analyze`);
}

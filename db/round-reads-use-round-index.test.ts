import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countBetsInRound, findBetsOfRound, findBetsPageOfRound } from "@/lib/ledger/queries";
import { readRound, settlementOf } from "@/lib/ledger/pots";
import { findRefundsOfRound } from "@/lib/rooms/outbox-queries";
import { findRegisteredUnder } from "@/lib/wallet/queries";
import { DATABASE_URL_TEST, nameNeedingPostgres } from "@/tests/support/needs-postgres";
import { plannedEmbedded, plannedPostgres, unboundedStatements, type PlannedDatabase } from "@/tests/support/query-plans";

// The reads of one round's money (its bets, refunds and credits, as a credit's and a refund's risk
// limits, a leave and the console make them) go through the round's index, and a refund's lookup
// of its reference_id through the reference's, even while the planner's statistics lag behind the
// ledger. They lag after every burst of writes until the next ANALYZE: on PostgreSQL, until
// autovacuum comes round; on the embedded database, which has no autovacuum, for good. Here the
// statistics are taken before 20,000 credits arrive. Each partial index over every credit (or
// debit, or refund) then looks empty, and a read that names the kind beside the round may walk all
// of it for every call: 4 ms a refund at 10,000 credits, growing with the ledger.

const LEDGER = new Set(["ledger_entries", "refund_attempts"]);
const ROUND = "round-7";
const PLAYER = "player-7";
const SETTLED = "round-8";

/**
 * 500 players; 1,000 rounds of two bets and a refund each, and 1,000 refunds asked again (kept
 * attempts); statistics taken; then 20,000 credits and 5,000 bets of other rounds.
 */
async function seed(planned: PlannedDatabase, { hasAutovacuum }: { hasAutovacuum: boolean }) {
  const db = planned.handle.db;
  // Statistics are kept as they were taken, not refreshed halfway through the test.
  if (hasAutovacuum) await db.execute(sql`alter table ledger_entries set (autovacuum_enabled = false)`);
  await db.execute(sql`
    insert into players (id, username, currency, real_balance, avatar_name, avatar_url)
    select 'player-' || g, 'user_' || g, 'USD', 1000000, 'a', '/a.svg' from generate_series(0, 499) g`);
  const movements = (kinds: string) => sql.raw(`
    insert into ledger_entries (id, kind, player_id, amount, real_amount, bonus_amount, currency, from_account, to_account, cause, transfer_id, round_id, reason,
      reference_id, refunds_entry_id, real_balance_after, bonus_balance_after)
    ${kinds}`);
  const player = "'player-' || (g % 500)";
  await db.execute(movements(`
    select 'bet-' || g, 'debit', ${player}, 1, 1, 0, 'USD', 'player:' || ${player}, 'pot:round-' || (g % 1000), 'bet', 'bet-' || g, 'round-' || (g % 1000), 'bet',
      null, null, 1000000, 0
    from generate_series(0, 1999) g`));
  await db.execute(movements(`
    select 'refund-' || g, 'refund', ${player}, 1, 1, 0, 'USD', 'pot:round-' || (g % 1000), 'player:' || ${player}, 'platform_refund', 'bet-' || g, 'round-' || (g % 1000),
      'player_exit', 'reference-' || g, 'bet-' || g, 1000000, 0
    from generate_series(0, 999) g`));
  await db.execute(sql`insert into round_pots (round_id, currency, balance) values (${ROUND}, 'USD', 1)`);
  await db.execute(sql`insert into round_pots (round_id, currency, balance, settled_at, rake, to_platform) values (${SETTLED}, 'USD', 0, now(), 0, 1)`);
  // Refunds asked again under new references after their bets were back: kept, answered OK.
  await db.execute(sql`
    insert into refund_attempts (transfer_id, reference_id, player_id, amount, currency, round_id, status_code, request, returned_by, response)
    select 'bet-' || g, 'again-' || g, 'player-' || (g % 500), 1, 'USD', 'round-' || (g % 1000), 'OK', '{}'::jsonb, 'refund-' || g, '{"status_code":"OK"}'::json
    from generate_series(0, 999) g`);
  await db.execute(sql`analyze`);
  await db.execute(movements(`
    select 'win-' || g, 'credit', ${player}, 5, 5, 0, 'USD', 'platform', 'player:' || ${player}, 'win', 'win-' || g, 'platform-round-' || g, 'win',
      null, null, 1000000, 0
    from generate_series(0, 19999) g`));
  await db.execute(movements(`
    select 'later-bet-' || g, 'debit', ${player}, 1, 1, 0, 'USD', 'player:' || ${player}, 'pot:later-round-' || g, 'bet', 'later-bet-' || g, 'later-round-' || g, 'bet',
      null, null, 1000000, 0
    from generate_series(0, 4999) g`));
}

function suite(open: () => Promise<PlannedDatabase>, { hasAutovacuum }: { hasAutovacuum: boolean }) {
  let planned: PlannedDatabase;
  beforeAll(async () => {
    planned = await open();
    await seed(planned, { hasAutovacuum });
  }, 120_000);
  afterAll(() => planned?.close());

  it("reads the round a credit and a refund are checked against by its index, in one statement", async () => {
    const rounds: unknown[] = [];
    const unbounded = await unboundedStatements(planned, LEDGER, async () => {
      rounds.push(await readRound(planned.db, ROUND, { betsOf: PLAYER }));
      rounds.push(await readRound(planned.db, "no-such-round"));
    });
    expect(unbounded).toEqual([]);
    // Player 7 placed both bets of round 7 (bets 7 and 1007); no credit was for the round.
    expect(rounds[0]).toMatchObject({ roundId: ROUND, pot: { balance: "1.00000000" }, bets: 2, paid: "0", jackpots: "0" });
    expect(rounds[1]).toEqual({ roundId: "no-such-round", pot: undefined, bets: 0, paid: "0", jackpots: "0" });
  });

  it("reads a round's bets, a page of them, a player's count and its refunds by its index", async () => {
    const unbounded = await unboundedStatements(planned, LEDGER, async () => {
      expect((await findBetsOfRound(planned.db, ROUND)).map((b) => [b.bet.id, b.refundId])).toEqual([
        ["bet-7", "refund-7"],
        ["bet-1007", null],
      ]);
      expect((await findBetsPageOfRound(planned.db, { roundId: ROUND, offset: 1, limit: 1 })).total).toBe(2);
      expect(await countBetsInRound(planned.db, { roundId: ROUND, playerId: PLAYER, atMost: 10 })).toBe(2);
      expect((await findRefundsOfRound(planned.db, ROUND)).map((r) => r.betTransferId)).toEqual(["bet-7"]);
      expect(settlementOf(await readRound(planned.db, SETTLED))).toMatchObject({ wins_paid: "0.00", imbalance: "-1.00" });
    });
    expect(unbounded).toEqual([]);
  });

  it("looks up a refund's reference_id by index, its refund and its kept attempt in one statement", async () => {
    const found: unknown[] = [];
    const unbounded = await unboundedStatements(planned, LEDGER, async () => {
      for (const reference of ["reference-7", "again-7", "no-such-reference"]) found.push(await findRegisteredUnder(planned.db, reference));
    });
    expect(unbounded).toEqual([]);
    const bet7 = { transferId: "bet-7", playerId: PLAYER, roundId: ROUND };
    expect(found).toEqual([
      expect.objectContaining({ ...bet7, response: null }),
      expect.objectContaining({ ...bet7, response: { status_code: "OK" } }),
      undefined,
    ]);
  });
}

describe("a round's money is read by the round's index while statistics lag (embedded)", { timeout: 60_000 }, () => suite(plannedEmbedded, { hasAutovacuum: false }));

describe.skipIf(!DATABASE_URL_TEST)(nameNeedingPostgres("a round's money is read by the round's index while statistics lag (PostgreSQL)", DATABASE_URL_TEST), { timeout: 60_000 }, () =>
  suite(() => plannedPostgres(DATABASE_URL_TEST!), { hasAutovacuum: true }),
);

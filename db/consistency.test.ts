import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, rowsOf, type DatabaseHandle } from "./client";
import { findInconsistencies } from "./consistency";
import { demoPlayers, demoRooms } from "./seed/demo-rooms";
import { insertPlayers, insertRooms } from "./seed/insert-rooms";
import { adjustBalance } from "@/lib/ledger/adjust-balance";
import { Decimal } from "@/lib/money/decimal";
import { sumClosedDays } from "@/lib/reports/closed-days";

// The database-wide checks the API tests make once all their files have run: shown here to catch a
// planted bad row of each kind, so that their silence after the suite means something.

describe("findInconsistencies", { timeout: 90_000 }, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ kind: "embedded", dir: "memory://" });
    const bots = demoPlayers();
    await insertPlayers(handle.db, bots);
    await insertRooms(handle.db, demoRooms(40, bots));
  }, 90_000);
  afterAll(() => handle?.close());

  it("finds nothing on a sound database", async () => {
    expect(await findInconsistencies(handle.db)).toEqual([]);
  });

  it("names a player whose balance was changed without a ledger row: by kind, by account, and in the sum of all accounts", async () => {
    const [player] = rowsOf<{ id: string; currency: string; balance: number }>(await handle.db.execute(sql`select id, currency, real_balance::int as balance from players limit 1`));
    const [before, after] = [player!.balance, player!.balance + 1];
    await handle.db.execute(sql`update players set real_balance = real_balance + 1 where id = ${player!.id}`);
    const found = await findInconsistencies(handle.db);
    await handle.db.execute(sql`update players set real_balance = real_balance - 1 where id = ${player!.id}`);
    expect(found).toHaveLength(3);
    expect(found[0]).toMatch(new RegExp(`^player ${player!.id}: balances ${after}(\\.0+)? real`));
    expect(found[1]).toMatch(new RegExp(`^currency ${player!.currency}: all accounts sum to 1(\\.0+)?, not 0$`));
    expect(found[2]).toMatch(new RegExp(`^account player:${player!.id}: kept balance ${after}(\\.0+)?, its rows ${before}(\\.0+)?$`));
  });

  it("names a pot that holds money no bet put in, and the sum of all accounts it breaks", async () => {
    await handle.db.execute(sql`insert into round_pots (round_id, currency, balance) values ('planted-round', 'USD', 5)`);
    const found = await findInconsistencies(handle.db);
    await handle.db.execute(sql`delete from round_pots where round_id = 'planted-round'`);
    expect(found).toEqual([
      expect.stringMatching(/^currency USD: all accounts sum to 5(\.0+)?, not 0$/),
      expect.stringMatching(/^account pot:planted-round: kept balance 5(\.0+)?, its rows 0$/),
      expect.stringMatching(/^pot of round planted-round: balance 5(\.0+)?, from its round 0; rake - \(rows 0\), to the platform - \(rows 0\)$/),
    ]);
  });

  it("names a kept day that differs from the ledger's rows of that day", async () => {
    await handle.db.execute(sql`insert into ledger_days (day, currency, kind, amount, transfers, rake, players) values ('2020-01-02', 'USD', 'debit', 7, 1, 0, 1)`);
    const found = await findInconsistencies(handle.db);
    await handle.db.execute(sql`delete from ledger_days where day = '2020-01-02'`);
    expect(found).toEqual(["kept day 2020-01-02 USD debit: 7 in 1 rows, rake 0; the ledger has 0 in 0, rake 0"]);
  });

  it("finds nothing with adjustments both ways, the kept days summed signed included, and names a kept adjustment sum of the wrong sign", async () => {
    const [player] = rowsOf<{ id: string; currency: string }>(await handle.db.execute(sql`select id, currency from players order by id limit 1`));
    await handle.db.transaction((tx) => adjustBalance(tx, { playerId: player!.id, amount: new Decimal("5"), adjustmentId: "planted-adjustment-in" }));
    await handle.db.transaction((tx) => adjustBalance(tx, { playerId: player!.id, amount: new Decimal("-3.25"), adjustmentId: "planted-adjustment-out" }));
    // Every day up to today kept, as two days from now would keep them, a row a slice (the path of
    // a large day; the report's open days take the single statement, tested through the API).
    await sumClosedDays(handle.db, { now: Date.now() + 2 * 86_400_000, sliceRows: 1 });
    const [kept] = rowsOf<{ day: string; amount: string }>(await handle.db.execute(sql`select day::text as day, amount::text as amount from ledger_days where kind = 'adjustment'`));
    expect(Number(kept!.amount)).toBe(1.75);
    expect(await findInconsistencies(handle.db)).toEqual([]);

    await handle.db.execute(sql`update ledger_days set amount = -amount where kind = 'adjustment'`);
    const found = await findInconsistencies(handle.db);
    await handle.db.execute(sql`delete from ledger_days`);
    expect(found).toEqual([expect.stringMatching(new RegExp(`^kept day ${kept!.day} ${player!.currency} adjustment: -1\\.75(0*) in 2 rows, rake 0; the ledger has 1\\.75(0*) in 2, rake 0$`))]);
  });

  it("names a room whose count of players differs from its seats", async () => {
    const [room] = rowsOf<{ id: string; current_players: number }>(await handle.db.execute(sql`select id, current_players from rooms where current_players > 0 limit 1`));
    await handle.db.execute(sql`update rooms set current_players = current_players - 1 where id = ${room!.id}`);
    const found = await findInconsistencies(handle.db);
    await handle.db.execute(sql`update rooms set current_players = current_players + 1 where id = ${room!.id}`);
    expect(found).toEqual([`room ${room!.id}: ${room!.current_players - 1} players counted, ${room!.current_players} seats`]);
  });

  it("names a tally that differs from the rooms it counts", async () => {
    await handle.db.execute(sql`update room_tallies set rooms = rooms + 1 where ctid = (select ctid from room_tallies limit 1)`);
    const found = await findInconsistencies(handle.db);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^rooms \w+ \w+ \d seats, bet [\d.]+: tallied (\d+), counted \d+$/);
  });

  it("names a seat whose copy of its room's state differs from the room", async () => {
    const [seat] = rowsOf<{ room_id: string; player_id: string }>(
      await handle.db.execute(sql`select s.room_id, s.player_id from room_seats s join rooms r on r.id = s.room_id where r.status = 'waiting' limit 1`),
    );
    await handle.db.execute(sql`update room_seats set room_waiting = false where room_id = ${seat!.room_id} and player_id = ${seat!.player_id}`);
    const found = (await findInconsistencies(handle.db)).filter((line) => line.startsWith("seat "));
    expect(found).toEqual([`seat of ${seat!.player_id} in room ${seat!.room_id} (waiting): active true, waiting false`]);
  });
});

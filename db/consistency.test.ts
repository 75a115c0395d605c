import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, rowsOf, type DatabaseHandle } from "./client";
import { findInconsistencies } from "./consistency";
import { demoPlayers, demoRooms } from "./seed/demo-rooms";
import { insertPlayers, insertRooms } from "./seed/insert-rooms";

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

  it("names a player whose balance was changed without a ledger row", async () => {
    const [player] = rowsOf<{ id: string }>(await handle.db.execute(sql`select id from players limit 1`));
    await handle.db.execute(sql`update players set real_balance = real_balance + 1 where id = ${player!.id}`);
    const found = await findInconsistencies(handle.db);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^player ${player!.id}: balances 1001(\\.0+)? real`));
    await handle.db.execute(sql`update players set real_balance = real_balance - 1 where id = ${player!.id}`);
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

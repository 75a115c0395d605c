import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDERS } from "@/lib/client/room-patch";
import { SORTS } from "@/lib/client/lobby-search";
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from "@/tests/support/test-database";
import { toRoomResource } from "./present";
import { findRoomsPage } from "./queries";

// The lobby places each live change in its pages by the list's own order, on the values the API
// showed it (lib/client/room-patch.ts). The database must order rooms exactly so, or a live page
// differs from a fresh read: rooms made within one millisecond were ordered by microseconds here
// and by id in the lobby.

// A small deterministic generator, so a failure can be replayed.
function random(seed: number) {
  return () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
}

describe.each(testDatabaseKinds)("%s: the room list's order", (kind) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const next = random(7);
    // 60 rooms made within 3 ms, their microseconds in no relation to their ids. Written as text, so
    // that the database receives every microsecond (a JavaScript Date has none).
    for (let i = 0; i < 60; i++) {
      const id = `order-${Math.floor(next() * 1e9).toString(36)}-${i}`;
      const bet = next() < 0.5 ? "1.00" : "2.50";
      const limit = next() < 0.5 ? 2 : 4;
      const players = Math.floor(next() * limit);
      const createdAt = `2026-11-27 18:11:36.${String(119_000 + Math.floor(next() * 3000)).padStart(6, "0")}+00`;
      await db().execute(
        sql`insert into rooms (id, name, bet_amount, currency, player_limit, current_players, turn, created_at)
            values (${id}, ${`Room ${i}`}, ${bet}, 'USD', ${limit}, ${players}, 30, ${createdAt}::timestamptz)`,
      );
    }
  });
  afterAll(() => database.close());

  it.each(SORTS)("sort=%s: the database and the lobby order the rooms alike", async (sort) => {
    const page = await findRoomsPage(db(), {}, { offset: 0, limit: 100, sort });
    const shown = page.map((row) => toRoomResource(row, [], "http://lobby.test"));
    expect(shown).toHaveLength(60);
    const lobbyOrder = [...shown].sort(ORDERS[sort]).map((r) => r.id);
    expect(shown.map((r) => r.id)).toEqual(lobbyOrder);
  });

  it("keeps a room's created_at to the millisecond, as the API shows it, and made by default never after updated_at", async () => {
    await db().execute(sql`insert into rooms (id, name, bet_amount, currency, player_limit, turn) values ('order-made-now', 'Now', '1.00', 'USD', 2, 30)`);
    const result = await db().execute(
      sql`select count(*) filter (where created_at <> date_trunc('milliseconds', created_at))::int as finer,
                 count(*) filter (where id = 'order-made-now' and created_at <= updated_at)::int as made_now_in_order
          from rooms`,
    );
    // PGlite answers raw SQL with {rows}, postgres.js with the rows themselves.
    const [row] = ((result as { rows?: unknown[] }).rows ?? result) as { finer: number; made_now_in_order: number }[];
    expect(row).toEqual({ finer: 0, made_now_in_order: 1 });
  });
});

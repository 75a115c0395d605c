import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase } from "@/tests/support/scratch-database";
import { openDatabase, type DatabaseHandle } from "./client";
import { TALLY_MISMATCHES_SQL } from "./consistency";
import { players, rooms, roomSeats } from "./schema";

// Data the database derives with triggers, checked against what it is derived from: the room list's
// totals (room_tallies) must equal a real count of the rooms, and every seat's room_active must say
// whether its room is unfinished.

const targets: { name: string; open: () => Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }> }[] = [
  {
    name: "embedded",
    open: async () => {
      const handle = await openDatabase({ kind: "embedded", dir: "memory://" });
      return { handle, cleanup: () => handle.close() };
    },
  },
];
const pgUrl = process.env.DATABASE_URL_TEST;
if (pgUrl) {
  targets.push({
    name: "postgres",
    open: async () => {
      const scratch = await createScratchDatabase(pgUrl);
      const handle = await openDatabase({ kind: "postgres", url: scratch.url });
      return { handle, cleanup: async () => (await handle.close(), await scratch.drop()) };
    },
  });
}

// PGlite answers raw SQL with {rows}, postgres.js with the rows themselves.
const rowsOf = (result: unknown) => ((result as { rows?: unknown[] }).rows ?? result) as Record<string, unknown>[];

// A small deterministic generator, so a failure can be replayed.
function random(seed: number) {
  return () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
}

describe.each(targets)("$name: room tallies", (target) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ handle, cleanup } = await target.open()));
  afterAll(() => cleanup());

  const mismatches = async () => {
    const result = await handle.db.execute(sql.raw(TALLY_MISMATCHES_SQL));
    return rowsOf(result);
  };

  it("equal a real count after random inserts, status changes, re-keying updates and deletes", async () => {
    const next = random(42);
    const pick = <T,>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const ids: string[] = [];
    for (let step = 0; step < 400; step++) {
      const action = ids.length < 20 ? 0 : Math.floor(next() * 4);
      if (action <= 1) {
        const id = `tally-${step}`;
        await handle.db.insert(rooms).values({
          id,
          name: id,
          betAmount: pick(["0.5", "1", "1.00", "2.5"]),
          currency: pick(["USD", "EUR"]),
          playerLimit: pick([2, 4] as const),
          status: pick(["waiting", "playing", "finished"] as const),
          turn: 10,
        });
        ids.push(id);
      } else if (action === 2) {
        await handle.db
          .update(rooms)
          .set({ status: pick(["waiting", "playing", "finished"] as const), betAmount: pick(["0.5", "1", "2.5"]) })
          .where(sql`${rooms.id} = ${pick(ids)}`);
      } else {
        const id = ids.splice(Math.floor(next() * ids.length), 1)[0]!;
        await handle.db.delete(rooms).where(sql`${rooms.id} = ${id}`);
      }
    }
    expect(await mismatches()).toEqual([]);
  });

  it("is untouched by a rolled-back change", async () => {
    await handle.db
      .transaction(async (tx) => {
        await tx.insert(rooms).values({ id: "rolled-back", name: "x", betAmount: "9", currency: "GBP", playerLimit: 2, turn: 5 });
        throw new Error("roll back");
      })
      .catch(() => {});
    expect(await mismatches()).toEqual([]);
    const gbp = await handle.db.execute(sql`select coalesce(sum(rooms), 0)::int as n from room_tallies where currency = 'GBP'`);
    expect(rowsOf(gbp)).toEqual([{ n: 0 }]);
  });
});

describe.each(targets)("$name: seats' room state", (target) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ handle, cleanup } = await target.open()));
  afterAll(() => cleanup());

  const activeOf = async (roomId: string) =>
    (await handle.db.select({ active: roomSeats.roomActive }).from(roomSeats).where(sql`${roomSeats.roomId} = ${roomId}`)).map((s) => s.active);
  const waitingOf = async (roomId: string) =>
    (await handle.db.select({ waiting: roomSeats.roomWaiting }).from(roomSeats).where(sql`${roomSeats.roomId} = ${roomId}`)).map((s) => s.waiting);
  const room = (id: string, status: "waiting" | "playing" | "finished") =>
    handle.db.insert(rooms).values({ id, name: id, betAmount: "1", currency: "USD", playerLimit: 2, turn: 5, status });

  it("follows the room through every status, whatever the inserting code says", async () => {
    await handle.db.insert(players).values([
      { id: "seat-a", username: "seat_a", currency: "USD", avatarName: "a", avatarUrl: "/a.svg" },
      { id: "seat-b", username: "seat_b", currency: "USD", avatarName: "b", avatarUrl: "/b.svg" },
    ]);
    await room("seat-room", "waiting");
    await handle.db.insert(roomSeats).values({ roomId: "seat-room", playerId: "seat-a", roomActive: false, roomWaiting: false });
    expect(await activeOf("seat-room")).toEqual([true]);
    expect(await waitingOf("seat-room")).toEqual([true]);

    await handle.db.update(rooms).set({ status: "playing" }).where(sql`${rooms.id} = 'seat-room'`);
    await handle.db.insert(roomSeats).values({ roomId: "seat-room", playerId: "seat-b", roomWaiting: true });
    expect(await activeOf("seat-room")).toEqual([true, true]);
    expect(await waitingOf("seat-room")).toEqual([false, false]);

    await handle.db.update(rooms).set({ status: "finished" }).where(sql`${rooms.id} = 'seat-room'`);
    expect(await activeOf("seat-room")).toEqual([false, false]);
    expect(await waitingOf("seat-room")).toEqual([false, false]);

    await handle.db.update(rooms).set({ status: "waiting" }).where(sql`${rooms.id} = 'seat-room'`);
    expect(await activeOf("seat-room")).toEqual([true, true]);
    expect(await waitingOf("seat-room")).toEqual([true, true]);
  });

  it("is false for a seat added to a finished room", async () => {
    await room("seat-done", "finished");
    await handle.db.insert(roomSeats).values({ roomId: "seat-done", playerId: "seat-a", roomActive: true });
    expect(await activeOf("seat-done")).toEqual([false]);
  });
});

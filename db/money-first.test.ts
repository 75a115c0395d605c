import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_URL_TEST, nameNeedingPostgres } from "@/tests/support/needs-postgres";
import { createScratchDatabase } from "@/tests/support/scratch-database";
import { openDatabase, POOL_SIZES, type DatabaseHandle } from "./client";
import { MoneyFirst } from "./money-first";

// Money's statements go ahead of the lobby's, by construction: on PostgreSQL they have connections
// of their own, on the embedded database a gate in front of its one queue.

describe("MoneyFirst", () => {
  it("lets money overtake every queued lobby call but the one already inside", async () => {
    const gate = new MoneyFirst();
    const order: string[] = [];
    let releaseFirst!: () => void;
    const first = gate.forLobby(() => new Promise<void>((resolve) => (releaseFirst = resolve)).then(() => void order.push("lobby 1")));
    const queued = [2, 3, 4].map((n) => gate.forLobby(async () => void order.push(`lobby ${n}`)));
    expect(gate.lobbyWaiting).toBe(3);
    const money = gate.forMoney(async () => void order.push("money"));
    await money;
    releaseFirst();
    await Promise.all([first, ...queued]);
    expect(order).toEqual(["money", "lobby 1", "lobby 2", "lobby 3", "lobby 4"]);
  });

  it("holds lobby calls while money is still running, and lets them through after", async () => {
    const gate = new MoneyFirst();
    const order: string[] = [];
    let finishMoney!: () => void;
    const money = gate.forMoney(() => new Promise<void>((resolve) => (finishMoney = resolve)).then(() => void order.push("money")));
    const lobby = gate.forLobby(async () => void order.push("lobby"));
    await Promise.resolve();
    expect(gate.lobbyWaiting).toBe(1);
    finishMoney();
    await Promise.all([money, lobby]);
    expect(order).toEqual(["money", "lobby"]);
  });

  it("frees the lobby's turn when its work fails", async () => {
    const gate = new MoneyFirst();
    await expect(gate.forLobby(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(gate.forLobby(async () => "next")).resolves.toBe("next");
  });
});

describe("the embedded database", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ kind: "embedded", dir: "memory://" });
  });
  afterAll(() => handle?.close());

  it("answers a money statement before the lobby reads queued ahead of it", async () => {
    const done: string[] = [];
    // Each lobby read costs the database real work, so that the queue is still full when money arrives.
    const heavy = sql`select count(*) from generate_series(1, 200000) as g where g % 7 = 3`;
    const lobby = Array.from({ length: 8 }, (_, i) => handle.db.execute(heavy).then(() => void done.push(`lobby ${i + 1}`)));
    const money = handle.money.execute(sql`select 1`).then(() => void done.push("money"));
    await Promise.all([...lobby, money]);
    // At most the one lobby read already inside the database finishes first.
    expect(done.indexOf("money")).toBeLessThanOrEqual(1);
    expect(done.filter((d) => d.startsWith("lobby"))).toEqual(Array.from({ length: 8 }, (_, i) => `lobby ${i + 1}`));
  });
});

describe.skipIf(!DATABASE_URL_TEST)(nameNeedingPostgres("money's own connections on PostgreSQL", DATABASE_URL_TEST), () => {
  const url = DATABASE_URL_TEST!;
  let handle: DatabaseHandle;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let holder: postgres.Sql;
  const LOCK = 71_144_028;
  beforeAll(async () => {
    scratch = await createScratchDatabase(url);
    handle = await openDatabase({ kind: "postgres", url: scratch.url }, { timeoutMs: 20_000 });
    holder = postgres(scratch.url, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await holder?.end({ timeout: 1 });
    await handle?.close();
    await scratch?.drop();
  });

  it("serves money while every lobby connection waits and more lobby calls queue for one", async () => {
    await holder.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(${LOCK})`;
      // Twice the lobby's pool: every lobby connection is taken, and as many calls again wait for one.
      const blocked = Array.from({ length: 2 * POOL_SIZES.lobby }, () => handle.db.execute(sql`select pg_advisory_xact_lock(${LOCK})`));
      let lobbyAnswered = 0;
      blocked.forEach((call) => call.then(() => lobbyAnswered++));
      // Until the lobby's connections are all inside the lock wait, money has not proved anything.
      for (;;) {
        const [row] = await tx`select count(*)::int as waiting from pg_locks where locktype = 'advisory' and not granted`;
        if (Number(row?.waiting) >= POOL_SIZES.lobby) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      const answers = await Promise.all(Array.from({ length: POOL_SIZES.money }, () => handle.money.execute(sql`select 1 as one`)));
      expect(answers).toHaveLength(POOL_SIZES.money);
      expect(lobbyAnswered).toBe(0);
      return blocked;
    }).then((blocked) => Promise.all(blocked));
  });
});

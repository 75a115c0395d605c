import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseTimeout } from "@/db/errors";
import * as schema from "@/db/schema";
import { DATABASE_URL_TEST, nameNeedingPostgres } from "@/tests/support/needs-postgres";
import { createScratchDatabase } from "@/tests/support/scratch-database";
import { DeadlineExceeded, DeadlinePassed, withinDeadline, WriteDeadline } from "./deadline";

describe("withinDeadline", () => {
  it("settles as the work does when the work is in time", async () => {
    await expect(withinDeadline(Promise.resolve(7), 1000)).resolves.toBe(7);
    await expect(withinDeadline(Promise.reject(new Error("no")), 1000)).rejects.toThrow("no");
  });

  it("rejects with DeadlineExceeded when the work never settles", async () => {
    await expect(withinDeadline(new Promise(() => {}), 20)).rejects.toBeInstanceOf(DeadlineExceeded);
  });
});

describe.skipIf(!DATABASE_URL_TEST)(nameNeedingPostgres("WriteDeadline on PostgreSQL", DATABASE_URL_TEST), () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  // One connection, with no timeouts of its own: whatever cuts a transaction off is the deadline's.
  let client: postgres.Sql;
  let other: postgres.Sql;
  const db = () => drizzle(client, { schema, casing: "snake_case" });
  const marks = async () => (await other`select count(*)::int as n from marks`)[0]!.n as number;
  const insertMark = (deadline: WriteDeadline) =>
    deadline.race(deadline.bind(db()).transaction(async (tx) => void (await tx.execute(sql`insert into marks values (1)`))));

  beforeAll(async () => {
    scratch = await createScratchDatabase(DATABASE_URL_TEST!);
    client = postgres(scratch.url, { max: 1, onnotice: () => {} });
    other = postgres(scratch.url, { max: 1, onnotice: () => {} });
    await other`create table marks (n int)`;
  });
  afterAll(async () => {
    await Promise.all([client?.end(), other?.end()]);
    await scratch?.drop();
  });

  it("commits a transaction that begins and ends in time", async () => {
    const before = await marks();
    await insertMark(new WriteDeadline(Date.now() + 60_000));
    expect(await marks()).toBe(before + 1);
  });

  it("ends a call still waiting for a connection at the deadline, and its transaction, begun later, writes nothing", async () => {
    const before = await marks();
    let release!: () => void;
    const busy = client.begin(() => new Promise<void>((resolve) => (release = resolve)));
    await expect(insertMark(new WriteDeadline(Date.now() + 100))).rejects.toBeInstanceOf(DeadlinePassed);
    release();
    await busy;
    // Queued behind the late transaction on the one connection: it has run, and rolled back, by now.
    await client`select 1`;
    expect(await marks()).toBe(before);
  });

  it("has the database cut off a begun transaction at the deadline", async () => {
    const before = await marks();
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = other.begin(async (tx) => {
      await tx`lock table marks in exclusive mode`;
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await isLocked;
    const outcome = await insertMark(new WriteDeadline(Date.now() + 200)).catch((error: unknown) => error);
    release();
    await holder;
    // The lock timeout set from the time left, as the connection itself has none.
    expect(isDatabaseTimeout(outcome)).toBe(true);
    expect(await marks()).toBe(before);
  });
});

import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_URL_TEST, nameNeedingPostgres } from "@/tests/support/needs-postgres";
import { createScratchDatabase } from "@/tests/support/scratch-database";
import { rowsOf } from "./client";
import { prepareEveryQuery } from "./prepare-every-query";

// The app's PostgreSQL queries are prepared statements on their connection, inside transactions and
// savepoints too: PostgreSQL lists them in pg_prepared_statements. One connection, so that the query
// and the look at that list share a session.

const pgUrl = DATABASE_URL_TEST;
describe.skipIf(!pgUrl)(nameNeedingPostgres("prepareEveryQuery (PostgreSQL)", pgUrl), () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let client: postgres.Sql;

  beforeAll(async () => {
    scratch = await createScratchDatabase(pgUrl!);
    client = postgres(scratch.url, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await client?.end();
    await scratch?.drop();
  });

  type Db = ReturnType<typeof drizzle>;
  type Row = Record<string, unknown>;
  const preparedTexts = async (db: Pick<Db, "execute">) =>
    rowsOf<Row>(await db.execute(sql`select statement from pg_prepared_statements`)).map((row) => String(row.statement));

  it("prepares an unnamed Drizzle query with parameters, and the plain client leaves it unprepared", async () => {
    const plain = drizzle(client);
    await plain.execute(sql`select ${1}::int as plain_marker`);
    expect((await preparedTexts(plain)).some((text) => text.includes("plain_marker"))).toBe(false);

    const db = drizzle(prepareEveryQuery(client));
    const [row] = rowsOf<Row>(await db.execute(sql`select ${41}::int + 1 as top_marker`));
    expect(row).toEqual({ top_marker: 42 });
    expect((await preparedTexts(db)).some((text) => text.includes("top_marker"))).toBe(true);
  });

  it("prepares queries inside a transaction and a savepoint, whose results are unchanged", async () => {
    const db = drizzle(prepareEveryQuery(client));
    const seen = await db.transaction(async (tx) => {
      const [outer] = rowsOf<Row>(await tx.execute(sql`select ${"a"}::text as tx_marker`));
      const inner = await tx.transaction(async (sp) => rowsOf<Row>(await sp.execute(sql`select ${"b"}::text as savepoint_marker`))[0]);
      return { outer, inner, texts: await preparedTexts(tx) };
    });
    expect(seen.outer).toEqual({ tx_marker: "a" });
    expect(seen.inner).toEqual({ savepoint_marker: "b" });
    expect(seen.texts.some((text) => text.includes("tx_marker"))).toBe(true);
    expect(seen.texts.some((text) => text.includes("savepoint_marker"))).toBe(true);
  });

  it("leaves every query unprepared when the connection says prepare=false (for transaction poolers)", async () => {
    const unprepared = postgres(`${scratch.url}?prepare=false`, { max: 1, onnotice: () => {} });
    try {
      const db = drizzle(prepareEveryQuery(unprepared));
      await db.execute(sql`select ${1}::int as pooled_marker`);
      expect(await preparedTexts(db)).toEqual([]);
    } finally {
      await unprepared.end();
    }
  });

  it("rolls a failed transaction back as before", async () => {
    const db = drizzle(prepareEveryQuery(client));
    await db.execute(sql`create table if not exists marker_rows (n int)`);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into marker_rows values (${1})`);
        throw new Error("abandoned");
      }),
    ).rejects.toThrow("abandoned");
    const [count] = rowsOf<Row>(await db.execute(sql`select count(*)::int as n from marker_rows`));
    expect(count).toEqual({ n: 0 });
  });
});

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_URL_TEST } from "@/tests/support/needs-postgres";
import { createScratchDatabase } from "@/tests/support/scratch-database";
import { testDatabaseKinds, type TestDatabaseKind } from "@/tests/support/test-database";
import * as schema from "./schema";
import { rowsOf, type Executor } from "./client";
import { findInconsistencies } from "./consistency";

// Upgrading a ledger written before double entry (migration 0020): a database migrated to 0019 is
// given the rows the service wrote then, then migrated on. Every row gets its accounts and cause, each
// round its pot, completed rounds settle, and the database-wide checks find nothing.

const MIGRATIONS = path.join(process.cwd(), "db", "migrations");
const BEFORE = "0019_instance_presence";

/** The migrations folder as it stood at `last`. */
function migrationsUpTo(last: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "migrations-"));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(dir, "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === last) + 1);
  writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify(journal));
  return dir;
}

/** A database of the kind with no migration applied: migrated by folder, and given plain SQL. */
interface Bare {
  db: Executor;
  migrateTo: (folder: string) => Promise<void>;
  exec: (text: string) => Promise<unknown>;
  close: () => Promise<void>;
}

async function bareDatabase(kind: TestDatabaseKind): Promise<Bare> {
  if (kind === "embedded") {
    const client = await PGlite.create("memory://");
    const db = drizzlePglite(client, { schema, casing: "snake_case" });
    return { db, migrateTo: (folder) => migratePglite(db, { migrationsFolder: folder }), exec: (text) => client.exec(text), close: () => client.close() };
  }
  const scratch = await createScratchDatabase(DATABASE_URL_TEST!);
  const client = postgres(scratch.url, { max: 1, onnotice: () => {} });
  const db = drizzlePostgres(client, { schema, casing: "snake_case" });
  return {
    db,
    migrateTo: (folder) => migratePostgres(db, { migrationsFolder: folder }),
    exec: (text) => client.unsafe(text).simple(),
    close: async () => {
      await client.end();
      await scratch.drop();
    },
  };
}

describe.each(testDatabaseKinds)("%s: migration 0020, the ledger becomes double-entry", { timeout: 120_000 }, (kind) => {
  let bare: Bare;
  const db = () => bare.db;
  const old = migrationsUpTo(BEFORE);

  beforeAll(async () => {
    bare = await bareDatabase(kind);
    await bare.migrateTo(old);
    // Three players of 100 USD. R1 (5 % rake) played: two bets of 2.50 and a win of 4.75 that completed
    // it. R2 was closed by an admin, both bets refunded by the service. R3's bet came back with a
    // platform refund whose reference_id happens to start with "close-". R4 still waits on a bet of 1.
    // R5 still waits too, though the platform sent it a completing credit (as the wallet once allowed).
    await bare.exec(`
      insert into players (id, username, currency, real_balance, avatar_name, avatar_url) values
        ('pa', 'a', 'USD', 102.25, 'x', '/x'), ('pb', 'b', 'USD', 97.00, 'x', '/x'), ('pc', 'c', 'USD', 99, 'x', '/x');
      insert into rooms (id, name, bet_amount, currency, player_limit, status, rake_percentage, turn) values
        ('r1', 'r1', 2.50, 'USD', 2, 'finished', 5, 10), ('r2', 'r2', 1, 'USD', 2, 'finished', 5, 10),
        ('r3', 'r3', 2, 'USD', 4, 'finished', 0, 10), ('r4', 'r4', 1, 'USD', 4, 'waiting', 10, 10),
        ('r5', 'r5', 1, 'USD', 4, 'waiting', 10, 10);
      insert into ledger_entries (id, kind, player_id, amount, real_amount, bonus_amount, currency, transfer_id, round_id, reason,
                                  reference_id, refunds_entry_id, request_id, round_completed, real_balance_after, bonus_balance_after) values
        ('e01', 'deposit', 'pa', 100, 100, 0, 'USD', 't01', null, 'opening_balance', null, null, null, null, 100, 0),
        ('e02', 'deposit', 'pb', 100, 100, 0, 'USD', 't02', null, 'opening_balance', null, null, null, null, 100, 0),
        ('e03', 'deposit', 'pc', 100, 100, 0, 'USD', 't03', null, 'opening_balance', null, null, null, null, 100, 0),
        ('e04', 'debit', 'pa', 2.50, 2.50, 0, 'USD', 't04', 'r1', 'bet', null, null, null, null, 97.50, 0),
        ('e05', 'debit', 'pb', 2.50, 2.50, 0, 'USD', 't05', 'r1', 'bet', null, null, null, null, 97.50, 0),
        ('e06', 'credit', 'pa', 4.75, 4.75, 0, 'USD', 't06', 'r1', 'win', null, null, 'req-6', true, 102.25, 0),
        ('e07', 'debit', 'pa', 1, 1, 0, 'USD', 't07', 'r2', 'bet', null, null, null, null, 101.25, 0),
        ('e08', 'debit', 'pb', 1, 1, 0, 'USD', 't08', 'r2', 'bet', null, null, null, null, 96.50, 0),
        ('e09', 'refund', 'pa', 1, 1, 0, 'USD', 't07', 'r2', 'game_error', 'close-x1', 'e07', null, null, 102.25, 0),
        ('e10', 'refund', 'pb', 1, 1, 0, 'USD', 't08', 'r2', 'game_error', 'close-x2', 'e08', null, null, 97.50, 0),
        ('e11', 'debit', 'pc', 2, 2, 0, 'USD', 't11', 'r3', 'bet', null, null, null, null, 98, 0),
        ('e12', 'refund', 'pc', 2, 2, 0, 'USD', 't11', 'r3', 'game_error', 'close-123', 'e11', 'req-12', null, 100, 0),
        ('e13', 'debit', 'pc', 1, 1, 0, 'USD', 't13', 'r4', 'bet', null, null, null, null, 99, 0),
        ('e14', 'debit', 'pb', 1, 1, 0, 'USD', 't14', 'r5', 'bet', null, null, null, null, 96.50, 0),
        ('e15', 'credit', 'pb', 0.50, 0.50, 0, 'USD', 't15', 'r5', 'win', null, null, 'req-15', true, 97.00, 0);`);
    await bare.migrateTo(MIGRATIONS);
  }, 120_000);
  afterAll(async () => {
    await bare?.close();
    rmSync(old, { recursive: true, force: true });
  });

  it("gives every row its accounts and the cause of the path that wrote it", async () => {
    const rows = rowsOf<{ id: string; from_account: string; to_account: string; cause: string }>(
      await db().execute(sql`select id, from_account, to_account, cause from ledger_entries where id like 'e%' order by id`),
    );
    expect(rows.map((r) => [r.id, r.from_account, r.to_account, r.cause])).toEqual([
      ["e01", "operator", "player:pa", "deposit"],
      ["e02", "operator", "player:pb", "deposit"],
      ["e03", "operator", "player:pc", "deposit"],
      ["e04", "player:pa", "pot:r1", "bet"],
      ["e05", "player:pb", "pot:r1", "bet"],
      ["e06", "platform", "player:pa", "win"],
      ["e07", "player:pa", "pot:r2", "bet"],
      ["e08", "player:pb", "pot:r2", "bet"],
      ["e09", "pot:r2", "player:pa", "room_closed"],
      ["e10", "pot:r2", "player:pb", "room_closed"],
      ["e11", "player:pc", "pot:r3", "bet"],
      ["e12", "pot:r3", "player:pc", "platform_refund"],
      ["e13", "player:pc", "pot:r4", "bet"],
      ["e14", "player:pb", "pot:r5", "bet"],
      ["e15", "platform", "player:pb", "win"],
    ]);
  });

  it("builds each round's pot and settles the one whose room completed, at its rake, rounded down", async () => {
    const pots = rowsOf<{ round_id: string; balance: string; rake: string | null; to_platform: string | null; settled: boolean }>(
      await db().execute(sql`select round_id, balance::text, rake::text, to_platform::text, settled_at is not null as settled from round_pots order by round_id`),
    );
    expect(pots.map((p) => [p.round_id, Number(p.balance), p.rake && Number(p.rake), p.to_platform && Number(p.to_platform), p.settled])).toEqual([
      ["r1", 0, 0.25, 4.75, true],
      ["r2", 0, null, null, false],
      ["r3", 0, null, null, false],
      ["r4", 1, null, null, false],
      // Its room still waits: its bet may still come back, so its pot stays open.
      ["r5", 1, null, null, false],
    ]);
    const settlement = rowsOf<{ cause: string; from_account: string; to_account: string; amount: string; player_id: string | null }>(
      await db().execute(sql`select cause, from_account, to_account, amount::text, player_id from ledger_entries where kind = 'settlement' order by cause`),
    );
    expect(settlement.map((r) => [r.cause, r.from_account, r.to_account, Number(r.amount), r.player_id])).toEqual([
      ["rake", "pot:r1", "house", 0.25, null],
      ["settlement", "pot:r1", "platform", 4.75, null],
    ]);
  });

  it("leaves a ledger the checks find sound, still immutable", async () => {
    expect(await findInconsistencies(db())).toEqual([]);
    await expect(bare.exec(`update ledger_entries set cause = 'win' where id = 'e01'`)).rejects.toThrow(/immutable/);
  });
});

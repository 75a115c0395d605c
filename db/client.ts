import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { config } from "@/lib/env";
import * as schema from "./schema";
import { acquireDirLock, releaseDirLock } from "./embedded-lock";

/** The one database type: both the PGlite and the postgres.js Drizzle objects satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database or an open transaction on it: use-cases accept either. */
export type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute" | "transaction">;

interface Handle {
  db: Database;
  kind: "postgres" | "embedded";
  close(): Promise<void>;
}

const MIGRATIONS = path.join(process.cwd(), "db", "migrations");
// Any fixed number: two processes migrating one PostgreSQL database take turns on this advisory lock.
const MIGRATION_LOCK = 7_114_401;

async function openPostgres(url: string): Promise<Handle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const sql = postgres(url, { max: 10, onnotice: () => {} });
  const db = drizzle(sql, { schema, casing: "snake_case" });
  const lock = await sql.reserve();
  try {
    await lock`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migrate(db, { migrationsFolder: MIGRATIONS });
  } finally {
    await lock`select pg_advisory_unlock(${MIGRATION_LOCK})`;
    lock.release();
  }
  return { db, kind: "postgres", close: () => sql.end({ timeout: 5 }) };
}

async function openEmbedded(dir: string): Promise<Handle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const inMemory = dir.startsWith("memory://");
  // PGlite has no lock of its own: a second process on the same directory would corrupt it.
  if (!inMemory) acquireDirLock(dir);
  const client = await PGlite.create(dir);
  const db = drizzle(client, { schema, casing: "snake_case" });
  await migrate(db, { migrationsFolder: MIGRATIONS });
  return {
    db,
    kind: "embedded",
    close: async () => {
      await client.close();
      if (!inMemory) releaseDirLock(dir);
    },
  };
}

const state = globalThis as unknown as { __lobbyDatabase?: Promise<Handle> };

function handle(): Promise<Handle> {
  // Kept on globalThis so that hot reloads in development reuse the one open database.
  state.__lobbyDatabase ??= (() => {
    const target = config().database;
    const opening = target.kind === "postgres" ? openPostgres(target.url) : openEmbedded(target.dir);
    opening.catch(() => (state.__lobbyDatabase = undefined));
    return opening;
  })();
  return state.__lobbyDatabase;
}

/** The process's database, opened and migrated on first use. */
export async function db(): Promise<Database> {
  return (await handle()).db;
}

export async function databaseKind(): Promise<Handle["kind"]> {
  return (await handle()).kind;
}

/** Close the database if it was opened; PGlite must be closed or its next open runs crash recovery. */
export async function closeDb(): Promise<void> {
  const opened = state.__lobbyDatabase;
  state.__lobbyDatabase = undefined;
  if (opened) await (await opened).close();
}

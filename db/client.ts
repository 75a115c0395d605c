import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { config, type Config } from "@/lib/env";
import * as schema from "./schema";
import { acquireDirLock, releaseDirLock } from "./embedded-lock";

/** The one database type: both the PGlite and the postgres.js Drizzle objects satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database or an open transaction on it: use-cases accept either. */
export type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute" | "transaction">;

export interface DatabaseHandle {
  db: Database;
  kind: "postgres" | "embedded";
  close(): Promise<void>;
}

const MIGRATIONS = path.join(process.cwd(), "db", "migrations");
// Any fixed number: two processes migrating one PostgreSQL database take turns on this advisory lock.
const MIGRATION_LOCK = 7_114_401;

async function openPostgres(url: string): Promise<DatabaseHandle> {
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

async function openEmbedded(dir: string): Promise<DatabaseHandle> {
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

const state = globalThis as unknown as { __lobbyDatabase?: Promise<DatabaseHandle> };

/** Opens and migrates a database. The app keeps one (below); scripts and tests open their own. */
export function openDatabase(target: Config["database"]): Promise<DatabaseHandle> {
  return target.kind === "postgres" ? openPostgres(target.url) : openEmbedded(target.dir);
}

function handle(): Promise<DatabaseHandle> {
  // Kept on globalThis so that hot reloads in development reuse the one open database.
  if (!state.__lobbyDatabase) {
    state.__lobbyDatabase = openDatabase(config().database);
    // A failed open is retried by the next caller instead of failing every request forever.
    state.__lobbyDatabase.catch(() => (state.__lobbyDatabase = undefined));
  }
  return state.__lobbyDatabase;
}

/** The process's database, opened and migrated on first use. */
export async function db(): Promise<Database> {
  return (await handle()).db;
}

/** Close the database if it was opened; PGlite must be closed or its next open runs crash recovery. */
export async function closeDb(): Promise<void> {
  const opened = state.__lobbyDatabase;
  state.__lobbyDatabase = undefined;
  if (opened) await (await opened).close();
}

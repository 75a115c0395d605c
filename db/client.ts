import { randomBytes } from "node:crypto";
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
  /** Calls `onPayload` with each NOTIFY on the channel, from any connection, once committed; resolves to a stop function. */
  /** LISTEN on a channel; `onListening` runs each time the listen is (re)established. */
  listen(channel: string, onPayload: (payload: string) => void, onListening?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const MIGRATIONS = path.join(process.cwd(), "db", "migrations");
// Any fixed number: two processes migrating one PostgreSQL database take turns on this advisory lock.
const MIGRATION_LOCK = 7_114_401;

/** Connections each instance keeps to PostgreSQL at most. */
export const POSTGRES_POOL_MAX = 10;
/**
 * Names this process's connections in pg_stat_activity: what the metrics count as its pool. Random,
 * not the pid: every container's process is pid 1. On globalThis, as Next.js may load this module more than once.
 */
const instance = globalThis as unknown as { __lobbyInstanceId?: string };
export const applicationName = () => `room-lobby:${(instance.__lobbyInstanceId ??= randomBytes(4).toString("hex"))}`;

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  // Prepared queries (db/prepared.ts) are planned with their values every time: a generic plan cannot
  // tell a selective list filter from a broad one, and picked plans 100 times slower at a million rooms.
  const sql = postgres(url, {
    max: POSTGRES_POOL_MAX,
    onnotice: () => {},
    connection: { application_name: applicationName(), plan_cache_mode: "force_custom_plan" },
  });
  const db = drizzle(sql, { schema, casing: "snake_case" });
  const lock = await sql.reserve();
  try {
    await lock`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migrate(db, { migrationsFolder: MIGRATIONS });
  } finally {
    await lock`select pg_advisory_unlock(${MIGRATION_LOCK})`;
    lock.release();
  }
  return {
    db,
    kind: "postgres",
    // postgres.js keeps one connection for LISTEN and listens again on it after a reconnect.
    listen: async (channel, onPayload, onListening) => {
      const { unlisten } = await sql.listen(channel, onPayload, onListening);
      return unlisten;
    },
    close: () => sql.end({ timeout: 5 }),
  };
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
    // In-process: a listen, once made, is never lost.
    listen: async (channel, onPayload, onListening) => {
      const unlisten = await client.listen(channel, onPayload);
      onListening?.();
      return unlisten;
    },
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

/** The process's database handle, for what the Drizzle object does not do (LISTEN). */
export const databaseHandle = (): Promise<DatabaseHandle> => handle();

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

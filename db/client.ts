import "server-only";
import { randomBytes } from "node:crypto";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { acquireDirLock, releaseDirLock } from "./embedded-lock";
import { gatedClient, MoneyFirst } from "./money-first";
import { prepareEveryQuery } from "./prepare-every-query";

// How to open a database: postgres.js when the target is a URL, else PGlite. The process's own
// database, opened once and shared by every request, is kept by lib/runtime/database.ts; scripts and
// tests open their own here.

/** The one database type: both the PGlite and the postgres.js Drizzle objects satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database or an open transaction on it: use-cases accept either. */
export type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute" | "transaction">;

/** The rows of a raw `execute`: PGlite answers `{ rows }`, postgres.js the rows themselves. */
export const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

export interface DatabaseHandle {
  /** Lobby reads, the console, reports, streams and background work. */
  db: Database;
  /**
   * Wallet callbacks and bet-taking calls: on PostgreSQL a pool of its own that nothing else can take;
   * on the embedded database, statements that go ahead of any queued lobby read (db/money-first.ts).
   */
  money: Database;
  kind: "postgres" | "embedded";
  /**
   * LISTENs on each channel and calls its handler with every NOTIFY payload, once committed, from any
   * connection. `onRelisten` runs when the listen was lost with its connection and made again by itself.
   * Resolves, once listening, to the function that stops it.
   */
  listen(handlers: Record<string, (payload: string) => void>, onRelisten: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const MIGRATIONS = path.join(process.cwd(), "db", "migrations");
// Any fixed number: two processes migrating one PostgreSQL database take turns on this advisory lock.
const MIGRATION_LOCK = 7_114_401;

/**
 * Connections each instance keeps to PostgreSQL at most, by pool. Money's pool is for wallet callbacks
 * and bet-taking calls alone: a crowd of lobby reads, a report or a storm of streams waits for the
 * lobby's connections and never takes one of money's. Besides these, one connection listens for live
 * changes, and one migrates at start and is closed before the pools open.
 */
export const POOL_SIZES = { money: 4, lobby: 6 } as const;
export const POSTGRES_POOL_MAX = POOL_SIZES.money + POOL_SIZES.lobby;

/** What to open: a PostgreSQL server by URL, or an embedded database in a directory (or `memory://`). */
export type DatabaseTarget = { kind: "postgres"; url: string } | { kind: "embedded"; dir: string };

/**
 * A name for connections in pg_stat_activity: what the metrics count as an instance's pool. Random,
 * not the pid: every container's process is pid 1. The app passes its own, drawn once per process.
 */
export const newApplicationName = () => `room-lobby:${randomBytes(4).toString("hex")}`;

async function openPostgres(url: string, timeoutMs: number | undefined, applicationName: string): Promise<DatabaseHandle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  // Migrations on a connection of their own, without the request timeouts: an index build may take
  // minutes. Two processes migrating one database take turns on the advisory lock, released when the
  // connection ends.
  const migrator = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await migrator`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migrate(drizzle(migrator, { schema, casing: "snake_case" }), { migrationsFolder: MIGRATIONS });
  } finally {
    await migrator.end();
  }
  // With `timeoutMs`, no statement, lock wait or connection attempt outlasts it: a held row or a
  // database that does not answer gets a 503, never a hung request.
  const timeouts = timeoutMs === undefined ? {} : { statement_timeout: timeoutMs, lock_timeout: timeoutMs };
  // Prepared queries (db/prepared.ts) are planned with their values every time: a generic plan cannot
  // tell a selective list filter from a broad one, and picked plans 100 times slower at a million rooms.
  const pool = (max: number) =>
    postgres(url, {
      max,
      onnotice: () => {},
      ...(timeoutMs === undefined ? {} : { connect_timeout: Math.ceil(timeoutMs / 1000) }),
      // jit off: this app's queries are short, and the planner's estimates for a report over a large
      // ledger set off half a second of compiling for a query that runs in a tenth of that.
      connection: { application_name: applicationName, plan_cache_mode: "force_custom_plan", jit: "off", ...timeouts },
    });
  const lobby = pool(POOL_SIZES.lobby);
  const money = pool(POOL_SIZES.money);
  const db = drizzle(prepareEveryQuery(lobby), { schema, casing: "snake_case" });
  return {
    db,
    money: drizzle(prepareEveryQuery(money), { schema, casing: "snake_case" }),
    kind: "postgres",
    // Each listen has a client of its own, so that stopping it is clean. postgres.js listens again after
    // a reconnect, but gives up for good if the database is down at that moment: lib/runtime/listen.ts notices
    // and makes a new listen.
    listen: async (handlers, onRelisten) => {
      const listener = postgres(url, { max: 1, onnotice: () => {}, connection: { application_name: applicationName } });
      try {
        for (const [channel, onPayload] of Object.entries(handlers)) {
          let listens = 0;
          await listener.listen(channel, onPayload, () => listens++ > 0 && onRelisten());
        }
      } catch (error) {
        await listener.end({ timeout: 0 });
        throw error;
      }
      return () => listener.end({ timeout: 0 });
    },
    close: async () => void (await Promise.all([lobby.end({ timeout: 5 }), money.end({ timeout: 5 })])),
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
  await migrate(drizzle(client, { schema, casing: "snake_case" }), { migrationsFolder: MIGRATIONS });
  const gate = new MoneyFirst();
  return {
    db: drizzle(gatedClient(client, (work) => gate.forLobby(work)), { schema, casing: "snake_case" }),
    money: drizzle(gatedClient(client, (work) => gate.forMoney(work)), { schema, casing: "snake_case" }),
    kind: "embedded",
    // In-process: a listen, once made, is never lost.
    listen: async (handlers) => {
      const stops = await Promise.all(Object.entries(handlers).map(([channel, onPayload]) => client.listen(channel, onPayload)));
      return async () => void (await Promise.all(stops.map((stop) => stop())));
    },
    close: async () => {
      await client.close();
      if (!inMemory) releaseDirLock(dir);
    },
  };
}

/**
 * Opens and migrates a database. The app keeps one (lib/runtime/database.ts), with `timeoutMs` for its
 * requests' queries and its instance's `applicationName`; scripts and tests open their own.
 */
export function openDatabase(
  target: DatabaseTarget,
  { timeoutMs, applicationName = newApplicationName() }: { timeoutMs?: number; applicationName?: string } = {},
): Promise<DatabaseHandle> {
  return target.kind === "postgres" ? openPostgres(target.url, timeoutMs, applicationName) : openEmbedded(target.dir);
}

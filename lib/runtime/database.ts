import "server-only";
import { newApplicationName, openDatabase, type Database, type DatabaseHandle } from "@/db/client";
import { config } from "@/lib/env";
import { processState } from "@/lib/process/state";

// The process's one database: opened and migrated on first use, shared by every request and by
// hot reloads and route bundles (process state: Next.js may load this module more than once).

/** This process's connections in pg_stat_activity: what the metrics count as its pool. */
export const applicationName = (): string => processState("instance-id", newApplicationName);

const state = () => processState("database", (): { handle?: Promise<DatabaseHandle>; open?: boolean } => ({}));

function handle(): Promise<DatabaseHandle> {
  const s = state();
  if (!s.handle) {
    const settings = config();
    const opening = openDatabase(settings.database, { timeoutMs: settings.databaseTimeoutMs, applicationName: applicationName() });
    s.handle = opening;
    opening.then(() => (s.open = true), () => {});
    // A failed open is retried by the next caller instead of failing every request forever.
    opening.catch(() => (s.handle = undefined));
  }
  return s.handle;
}

/** The process's database handle, for what the Drizzle object does not do (LISTEN). */
export const databaseHandle = (): Promise<DatabaseHandle> => handle();

/** The process's database, opened and migrated on first use. */
export async function db(): Promise<Database> {
  return (await handle()).db;
}

/** The process's connections for money: wallet callbacks and bet-taking calls, nothing else. */
export async function moneyDb(): Promise<Database> {
  return (await handle()).money;
}

/** Whether the process's database is open and migrated, rather than unopened or still opening. */
export const isDatabaseOpen = () => state().open === true;

/** Close the database if it was opened; PGlite must be closed or its next open runs crash recovery. */
export async function closeDb(): Promise<void> {
  const s = state();
  const opened = s.handle;
  s.handle = undefined;
  s.open = false;
  if (opened) await (await opened).close();
}

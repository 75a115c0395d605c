import { openDatabase, type DatabaseHandle } from "@/db/client";
import { DATABASE_URL_TEST } from "./needs-postgres";
import { createScratchDatabase } from "./scratch-database";

/** A fresh, migrated database for one test: embedded in memory, or a scratch PostgreSQL database of its own. */
export interface TestDatabase {
  handle: DatabaseHandle;
  /** The same database again, with the app's request timeouts (statement_timeout; PostgreSQL only). */
  reopen: (options: { timeoutMs?: number }) => Promise<DatabaseHandle>;
  close: () => Promise<void>;
}

export type TestDatabaseKind = "embedded" | "postgres";

/** The databases to run on: embedded always, PostgreSQL when DATABASE_URL_TEST names a server. */
export const testDatabaseKinds: TestDatabaseKind[] = DATABASE_URL_TEST ? ["embedded", "postgres"] : ["embedded"];

export async function openTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === "embedded") {
    const handle = await openDatabase({ kind: "embedded", dir: "memory://" });
    // One embedded database is one in-process instance: the same handle is all there is.
    return { handle, reopen: async () => handle, close: () => handle.close() };
  }
  const scratch = await createScratchDatabase(DATABASE_URL_TEST!);
  const handle = await openDatabase({ kind: "postgres", url: scratch.url });
  const others: DatabaseHandle[] = [];
  return {
    handle,
    reopen: async ({ timeoutMs }) => {
      const other = await openDatabase({ kind: "postgres", url: scratch.url }, { timeoutMs });
      others.push(other);
      return other;
    },
    close: async () => {
      await Promise.all([handle, ...others].map((h) => h.close()));
      await scratch.drop();
    },
  };
}

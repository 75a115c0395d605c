import { createScratchDatabase } from "../support/scratch-database";
import type { Target } from "./global-setup";

// The databases a test can start a server of its own on, with settings the shared servers do not
// have: the embedded one in memory always, and a scratch PostgreSQL database when DATABASE_URL_TEST is set.

export interface Backend {
  name: Target["name"];
  /** The server's database settings, its address for the test's own queries, and how to drop it afterwards. */
  env: () => Promise<{ env: Record<string, string>; databaseUrl?: string; drop: () => Promise<void> }>;
}

export const backends: Backend[] = [{ name: "embedded", env: async () => ({ env: { PGLITE_DIR: "memory://", DATABASE_URL: "" }, drop: async () => {} }) }];
if (process.env.DATABASE_URL_TEST) {
  backends.push({
    name: "postgres",
    env: async () => {
      const scratch = await createScratchDatabase(process.env.DATABASE_URL_TEST!);
      return { env: { DATABASE_URL: scratch.url }, databaseUrl: scratch.url, drop: () => scratch.drop() };
    },
  });
}

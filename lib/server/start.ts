import { closeDb, db } from "@/db/client";
import { config, ConfigError } from "@/lib/env";
import { welcomeNewcomer } from "./welcome";

let stopping = false;

/** Closes the database before the process ends: PGlite left open must run crash recovery on its next start. */
function closeOnSignals() {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, async () => {
      if (stopping) return;
      stopping = true;
      await closeDb().catch((error) => console.error("Closing the database failed:", error));
      process.exit(0);
    });
  }
}

/** Start-up: refuse a bad configuration with a clear line, open and migrate the database, greet newcomers. */
export async function startServer(): Promise<void> {
  try {
    const settings = config();
    const database = await db();
    closeOnSignals();
    if (settings.database.kind === "embedded") await welcomeNewcomer(database, settings, settings.database.dir);
  } catch (error) {
    // A server that cannot reach or migrate its database must not linger answering 500s.
    console.error(`\nCannot start: ${error instanceof ConfigError ? error.message : (error as Error).stack}\n`);
    await closeDb().catch(() => {});
    process.exit(1);
  }
}

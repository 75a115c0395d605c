import { closeDb, db } from "@/db/client";
import { config, ConfigError } from "@/lib/env";
import { log } from "@/lib/observability/log";
import { drain, inFlight } from "./lifecycle";
import { welcomeNewcomer } from "./welcome";

let stopping = false;

/**
 * Graceful shutdown on SIGTERM or SIGINT: refuse new requests (503 `shutting_down`, and readiness
 * fails), let those in flight finish for up to SHUTDOWN_TIMEOUT_MS, then close the database — PGlite
 * left open must run crash recovery on its next start — and exit 0.
 */
function shutDownOnSignals(timeoutMs: number) {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, async () => {
      if (stopping) return;
      stopping = true;
      log("info", "shutting down", { signal, in_flight: inFlight(), timeout_ms: timeoutMs });
      const finished = await drain(timeoutMs);
      if (!finished) log("warn", "requests still in flight at the shutdown deadline", { in_flight: inFlight() });
      await closeDb().catch((error) => log("error", "closing the database failed", { error: String(error) }));
      log("info", "stopped", {});
      process.exit(0);
    });
  }
}

/** Start-up: refuse a bad configuration with a clear line, open and migrate the database, greet newcomers. */
export async function startServer(): Promise<void> {
  try {
    const settings = config();
    // Before the database opens: a signal during a migration still closes it cleanly.
    shutDownOnSignals(settings.shutdownTimeoutMs);
    const database = await db();
    if (settings.database.kind === "embedded") await welcomeNewcomer(database, settings, settings.database.dir);
  } catch (error) {
    // A server that cannot reach or migrate its database must not linger answering 500s.
    console.error(`\nCannot start: ${error instanceof ConfigError ? error.message : (error as Error).stack}\n`);
    await closeDb().catch(() => {});
    process.exit(1);
  }
}

import "server-only";
import { closeDb, db, isDatabaseOpen } from "@/lib/runtime/database";
import { errorReason } from "@/db/errors";
import { withinDeadline } from "@/lib/deadline";
import { ensureSecretsFile } from "@/lib/config/secrets-file";
import { config, ConfigError } from "@/lib/env";
import { log } from "@/lib/observability/log";
import { shareLobbyCounts } from "@/lib/live/lobby-counts";
import { startPresence, stopPresence } from "@/lib/live/presence";
import { startDispatcher, stopDispatcher } from "@/lib/platform/dispatcher";
import { frontDoorProblem } from "./front-door";
import { drain, inFlight } from "@/lib/runtime/lifecycle";
import { startWalletLane, stopWalletLane, WalletLaneError } from "@/lib/runtime/wallet-lane";
import { startStreamLanes, stopStreamLanes } from "@/lib/runtime/stream-lane";
import { rememberTokenHashOwner } from "@/lib/players/token-owners";
import { welcomeNewcomer } from "./welcome";

let stopping = false;
/** How long an open database may take to close: postgres.js is given 5 s to end its connections. */
const CLOSE_TIMEOUT_MS = 6000;

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
      const deadline = Date.now() + timeoutMs;
      log("info", "shutting down", { signal, in_flight: inFlight(), timeout_ms: timeoutMs });
      // The lane's calls in flight finish alongside the main port's.
      const [finished] = await Promise.all([drain(timeoutMs), stopWalletLane(timeoutMs), stopStreamLanes(timeoutMs)]);
      if (!finished) log("warn", "requests still in flight at the shutdown deadline", { in_flight: inFlight() });
      // The round of sends in progress finishes; what it leaves leased is sent again after the lease.
      // This instance's players stop counting as online at once, rather than when its row goes stale.
      await withinDeadline(Promise.all([stopDispatcher(), stopPresence()]), Math.max(1000, deadline - Date.now())).catch(() => {});
      // A database still opening (waiting for the migration lock, or migrating) gets what is left of
      // the shutdown timeout: closing it would wait for the open. Nothing is half applied if the
      // process leaves first: migrations run in one transaction, which PostgreSQL rolls back.
      const bound = isDatabaseOpen() ? CLOSE_TIMEOUT_MS : Math.max(0, deadline - Date.now());
      const closing = closeDb().then(
        () => true,
        (error) => (log("error", "closing the database failed", { error: errorReason(error) }), true),
      );
      const closed = await withinDeadline(closing, bound).catch(() => false);
      if (!closed) log("warn", "the database was still opening or closing at the shutdown deadline", {});
      log("info", "stopped", {});
      process.exit(0);
    });
  }
}

/**
 * Start-up: make the embedded database's secrets file if it is needed and missing, refuse a bad
 * configuration with one line per problem, open and migrate the database, greet newcomers.
 */
export async function startServer(): Promise<void> {
  keepGoingWithoutOutput();
  try {
    // Before the configuration is first read, which only reads the file (lib/config/secrets-file.ts).
    const secretsFile = ensureSecretsFile(process.env);
    const settings = config();
    const door = await frontDoorProblem();
    if (door) {
      console.error(`\nCannot start: ${door}.\n`);
      process.exit(1);
    }
    // Before the database opens: a signal during a migration still closes it cleanly.
    shutDownOnSignals(settings.shutdownTimeoutMs);
    const database = await db();
    // Secrets made by this start are printed once, as on a first start.
    const greeted = secretsFile === "created" ? { ...settings, generatedSecrets: "created" as const } : settings;
    if (settings.database.kind === "embedded") await welcomeNewcomer(database, greeted, settings.database.dir);
    if (settings.walletPort !== undefined) await startWalletLane({ host: process.env.HOSTNAME || undefined, port: settings.walletPort });
    // Under `next dev` the framework serves streams (so that an edited route reloads): no lane.
    if (settings.live.processes > 0 && settings.role !== "wallet" && process.env.NODE_ENV !== "development") {
      await startStreamLanes(settings.live.processes, { onOwner: rememberTokenHashOwner }).catch((error: Error) =>
        log("warn", "a stream lane did not start: streams go to the lanes that did, or to this process while none serves", { error: error.message }),
      );
    }
    const { eventsUrl, eventsSecret } = settings.platform;
    // Room events go out from the instances that carry the wallet (all of them, unless split by role).
    if (eventsUrl && settings.role !== "lobby") startDispatcher({ url: eventsUrl, secret: eventsSecret });
    // Players online are counted where the lobby's streams are: a wallet-only instance has none.
    if (settings.role !== "wallet") startPresence(shareLobbyCounts);
  } catch (error) {
    // A server that cannot reach or migrate its database must not linger answering 500s. One line with
    // the database's own reason ("connection refused", "relation … already exists"), no stack.
    console.error(`\nCannot start${error instanceof ConfigError ? settingsProblems(error) : error instanceof WalletLaneError ? `: ${error.message}` : `: the database could not be opened and migrated: ${errorReason(error)}`}\n`);
    await closeDb().catch(() => {});
    process.exit(1);
  }
}

/**
 * When whoever reads the process's output goes away (a log collector restarting, a closed terminal),
 * every write to stdout or stderr fails. Unheard, each failure is an uncaught error, which the
 * framework logs to the same closed pipe: a loop that keeps a core busy and never lets SIGTERM's
 * handler run. Heard, the log lines are lost and nothing else.
 */
function keepGoingWithoutOutput() {
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => {});
}

/** One problem on the line itself; several, each on a line of its own under a count. */
const settingsProblems = ({ problems }: ConfigError) =>
  problems.length === 1 ? `: ${problems[0]}` : `, ${problems.length} settings to fix:\n${problems.map((p) => `  ${p}`).join("\n")}`;

import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type {} from "vitest";
import type { TestProject } from "vitest/node";
import type { ChildProcess } from "node:child_process";
import { openDatabase } from "@/db/client";
import { findInconsistencies } from "@/db/consistency";
import { launchTokens } from "@/db/schema";
import { insertPlayers, insertRooms } from "@/db/seed/insert-rooms";
import type { Config } from "@/lib/env";
import { createScratchDatabase } from "../support/scratch-database";
import { startNextServer, stopProcess } from "../support/next-server";
import { expiredTokenRow, fixturePlayers, fixtureRoomRows } from "./fixture";

export interface Target {
  name: "embedded" | "postgres";
  baseUrl: string;
  adminToken: string;
  /** The server's METRICS_TOKEN, which alone reads /metrics; undefined for a server started without one. */
  metricsToken?: string;
  /** The wallet accepts both, as during a rotation of the signing secret. */
  walletSecrets: [string, string];
  /** The server's own database, for checks that look behind the API (PostgreSQL only). */
  databaseUrl?: string;
  /** Everything the server printed: its log lines. */
  logFile: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    targets: Target[];
  }
}

const ADMIN_TOKEN = randomBytes(24).toString("hex");
const METRICS_TOKEN = randomBytes(24).toString("hex");
const WALLET_SECRETS: [string, string] = [randomBytes(24).toString("hex"), randomBytes(24).toString("hex")];
/** Short, so that the test of a wallet call stuck behind a lock ends quickly. */
export const TEST_WALLET_DEADLINE_MS = 1500;
/** The game's table the shared servers send seated players of playing rooms to (GAME_LAUNCH_URL). */
export const TEST_GAME_LAUNCH_URL = "https://games.example.test/table?room={room_id}&session={session_id}";

/**
 * The shared servers count every failure (the counting runs under the whole suite) but never block:
 * the suite's failures all come from one address. The throttle's own tests start servers with small
 * limits. One trusted proxy lets a test name the client address in X-Forwarded-For, as a proxy would.
 * Nor do they shed lobby reads when the machine running the whole suite is busy: the admission's own
 * test (tests/api/admission.test.ts) starts a server that does. One test player makes far more reads a
 * second than a lobby would: the rate per player has its own test (tests/api/front-door.test.ts).
 */
/** The most one credit may pay on the test servers (WALLET_MAX_CREDIT). */
export const TEST_MAX_CREDIT = "1000000";
/** Adjustments larger than this wait for a second person on the test servers (ADJUSTMENT_APPROVAL_ABOVE). */
export const TEST_ADJUSTMENT_APPROVAL_ABOVE = "50.00";

export const SHARED_SERVER_THROTTLE = {
  LOBBY_READS_IN_FLIGHT: "100000",
  LOBBY_SHED_DELAY_MS: "600000",
  LOBBY_READ_RATE_PER_PLAYER: "100000",
  TRUSTED_PROXIES: "1",
  THROTTLE_PLAYER_TOKEN: "999999/60",
  THROTTLE_ADMIN_TOKEN: "999999/60",
  THROTTLE_ADMIN_SIGN_IN: "999999/60",
  THROTTLE_WALLET_SIGNATURE: "999999/60",
};

async function seed(database: Config["database"]) {
  const handle = await openDatabase(database);
  try {
    await insertPlayers(handle.db, fixturePlayers);
    await insertRooms(handle.db, fixtureRoomRows());
    await handle.db.insert(launchTokens).values(expiredTokenRow());
  } finally {
    await handle.close();
  }
}

/** The database-wide checks of db/consistency.ts, once the server is stopped. */
async function inconsistenciesOf(name: string, database: Config["database"]): Promise<string[]> {
  const handle = await openDatabase(database);
  try {
    return (await findInconsistencies(handle.db)).map((line) => `${name}: ${line}`);
  } finally {
    await handle.close();
  }
}

async function startServer(name: Target["name"], env: Record<string, string>, logFile: string) {
  const { baseUrl, child } = await startNextServer(
    { ADMIN_TOKEN, METRICS_TOKEN, WALLET_SIGNING_SECRET: WALLET_SECRETS.join(","), WALLET_DEADLINE_MS: String(TEST_WALLET_DEADLINE_MS), GAME_LAUNCH_URL: TEST_GAME_LAUNCH_URL, WALLET_MAX_CREDIT: TEST_MAX_CREDIT, ADJUSTMENT_APPROVAL_ABOVE: TEST_ADJUSTMENT_APPROVAL_ABOVE, ...SHARED_SERVER_THROTTLE, ...env },
    { label: name, logFile },
  );
  return { target: { name, baseUrl, adminToken: ADMIN_TOKEN, metricsToken: METRICS_TOKEN, walletSecrets: WALLET_SECRETS, databaseUrl: env.DATABASE_URL || undefined, logFile }, child };
}

export default async function setup(project: TestProject) {
  if (!existsSync(".next/BUILD_ID")) throw new Error("No production build: run `npm run build` before the API tests.");
  const pgUrl = process.env.DATABASE_URL_TEST;
  if (!pgUrl && process.env.CI) throw new Error("CI must run the PostgreSQL suite: set DATABASE_URL_TEST.");

  const cleanups: (() => Promise<void>)[] = [];
  const targets: Target[] = [];
  const servers: { name: string; child: ChildProcess; database: Config["database"] }[] = [];
  try {
    const dir = mkdtempSync(path.join(tmpdir(), "lobby-api-"));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const pgliteDir = path.join(dir, "pglite");
    await seed({ kind: "embedded", dir: pgliteDir });
    const embedded = await startServer("embedded", { PGLITE_DIR: pgliteDir, DATABASE_URL: "" }, path.join(dir, "embedded.log"));
    cleanups.push(() => stopProcess(embedded.child));
    targets.push(embedded.target);
    servers.push({ name: "embedded", child: embedded.child, database: { kind: "embedded", dir: pgliteDir } });

    if (pgUrl) {
      // A fresh database for each run, dropped afterwards.
      const scratch = await createScratchDatabase(pgUrl);
      cleanups.push(scratch.drop);
      await seed({ kind: "postgres", url: scratch.url });
      const pg = await startServer("postgres", { DATABASE_URL: scratch.url }, path.join(dir, "postgres.log"));
      cleanups.push(() => stopProcess(pg.child));
      targets.push(pg.target);
      servers.push({ name: "postgres", child: pg.child, database: { kind: "postgres", url: scratch.url } });
    }
  } catch (error) {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    throw error;
  }

  project.provide("targets", targets);
  // After every API test file: stop the servers, then ask each database the questions that must
  // always answer "none" (db/consistency.ts). A difference fails the run.
  return async () => {
    const problems: string[] = [];
    try {
      for (const server of servers) await stopProcess(server.child);
      for (const server of servers) problems.push(...(await inconsistenciesOf(server.name, server.database)));
    } finally {
      for (const cleanup of cleanups.reverse()) await cleanup();
    }
    if (problems.length > 0) {
      // Vitest only logs a teardown's error: the exit code is what fails `npm test` and CI.
      process.exitCode = 1;
      throw new Error(`The databases are inconsistent after the API tests:\n${problems.slice(0, 20).join("\n")}`);
    }
    console.log(`Consistency after the API tests: every check of db/consistency.ts (balances, accounts summing to zero, pots, kept days, rooms) found nothing on ${servers.map((s) => s.name).join(" and ")}.`);
  };
}

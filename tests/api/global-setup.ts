import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type {} from "vitest";
import type { TestProject } from "vitest/node";
import { openDatabase } from "@/db/client";
import { launchTokens } from "@/db/schema";
import { insertPlayers, insertRooms } from "@/db/seed/insert-rooms";
import type { Config } from "@/lib/env";
import { createScratchDatabase } from "../support/scratch-database";
import { expiredTokenRow, fixturePlayers, fixtureRoomRows } from "./fixture";

export interface Target {
  name: "embedded" | "postgres";
  baseUrl: string;
  adminToken: string;
  /** The wallet accepts both, as during a rotation of the signing secret. */
  walletSecrets: [string, string];
  /** The server's own database, for checks that look behind the API (PostgreSQL only). */
  databaseUrl?: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    targets: Target[];
  }
}

const ADMIN_TOKEN = randomBytes(24).toString("hex");
const WALLET_SECRETS: [string, string] = [randomBytes(24).toString("hex"), randomBytes(24).toString("hex")];
/** Short, so that the test of a wallet call stuck behind a lock ends quickly. */
export const TEST_WALLET_DEADLINE_MS = 1500;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

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

async function startServer(name: Target["name"], env: Record<string, string>) {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"], {
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_MANUAL_SIG_HANDLE: "1",
      ADMIN_TOKEN,
      WALLET_SIGNING_SECRET: WALLET_SECRETS.join(","),
      WALLET_DEADLINE_MS: String(TEST_WALLET_DEADLINE_MS),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => output.push(String(d)));
  child.stderr!.on("data", (d) => output.push(String(d)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`${baseUrl}/v1`).then((r) => r.ok, () => false);
    if (ready) return { target: { name, baseUrl, adminToken: ADMIN_TOKEN, walletSecrets: WALLET_SECRETS, databaseUrl: env.DATABASE_URL }, child };
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGKILL");
  throw new Error(`The ${name} server did not start:\n${output.join("")}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

export default async function setup(project: TestProject) {
  if (!existsSync(".next/BUILD_ID")) throw new Error("No production build: run `npm run build` before the API tests.");
  const pgUrl = process.env.DATABASE_URL_TEST;
  if (!pgUrl && process.env.CI) throw new Error("CI must run the PostgreSQL suite: set DATABASE_URL_TEST.");

  const cleanups: (() => Promise<void>)[] = [];
  const targets: Target[] = [];
  try {
    const dir = mkdtempSync(path.join(tmpdir(), "lobby-api-"));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const pgliteDir = path.join(dir, "pglite");
    await seed({ kind: "embedded", dir: pgliteDir });
    const embedded = await startServer("embedded", { PGLITE_DIR: pgliteDir });
    cleanups.push(() => stop(embedded.child));
    targets.push(embedded.target);

    if (pgUrl) {
      // A fresh database for each run, dropped afterwards.
      const scratch = await createScratchDatabase(pgUrl);
      cleanups.push(scratch.drop);
      await seed({ kind: "postgres", url: scratch.url });
      const pg = await startServer("postgres", { DATABASE_URL: scratch.url });
      cleanups.push(() => stop(pg.child));
      targets.push(pg.target);
    }
  } catch (error) {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    throw error;
  }

  project.provide("targets", targets);
  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}

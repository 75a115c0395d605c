import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signBody } from "@/lib/wallet/signature";
import { holdPlayerRow } from "../support/row-lock";
import { DATABASE_URL_TEST, nameNeedingPostgres } from "../support/needs-postgres";
import { createScratchDatabase } from "../support/scratch-database";
import { freePort, startNextServer, stopProcess, type NextServer } from "../support/next-server";
import { creditBody } from "./wallet-helpers";

// Stopping and losing the database, on servers of this file's own (they are stopped and broken on
// purpose). PostgreSQL: an outside connection holds a row lock to keep a request in flight.

const pgUrl = DATABASE_URL_TEST;
const ADMIN_TOKEN = randomBytes(24).toString("hex");
const SECRET = randomBytes(24).toString("hex");

const exitOf = (server: NextServer) =>
  new Promise<number | null>((resolve) => (server.child.exitCode !== null ? resolve(server.child.exitCode) : server.child.once("exit", (code) => resolve(code))));

async function makePlayer(baseUrl: string) {
  const made = await fetch(`${baseUrl}/v1/admin/players`, {
    method: "POST",
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ username: `stop_${randomBytes(4).toString("hex")}`, currency: "USD", balance: "10.00" }),
  });
  return ((await made.json()) as { data: { id: string } }).data.id;
}

/** Returns once a session of the database waits on a lock: a request is then surely in flight. */
async function waitForLockWaiter(database: string) {
  const probe = postgres(pgUrl!, { max: 1, onnotice: () => {} });
  try {
    for (let i = 0; i < 200; i++) {
      const [row] = await probe`select count(*)::int as n from pg_stat_activity where datname = ${database} and wait_event_type = 'Lock'`;
      if (row!.n > 0) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error("No request came to wait on the lock");
  } finally {
    await probe.end();
  }
}

/**
 * A signed credit on a connection of its own: a request sent on a reused keep-alive connection can
 * meet the server closing that connection as idle, which is not what these tests are about.
 */
function credit(baseUrl: string, body: object): Promise<{ status: number; json: () => Promise<unknown> }> {
  const raw = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const sent = request(
      `${baseUrl}/wallet/credit`,
      { method: "POST", agent: false, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(raw), "x-signature": signBody(raw, SECRET) } },
      (answer) => {
        let text = "";
        answer.setEncoding("utf8").on("data", (chunk) => (text += chunk));
        answer.on("end", () => resolve({ status: answer.statusCode!, json: async () => JSON.parse(text) }));
      },
    );
    sent.on("error", reject);
    sent.end(raw);
  });
}

describe.skipIf(!pgUrl)(nameNeedingPostgres("postgres: shutdown and readiness", pgUrl), () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let sql: postgres.Sql;
  beforeAll(async () => {
    scratch = await createScratchDatabase(pgUrl!);
    sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await sql.end();
    await scratch.drop();
  });

  const start = () => startNextServer({ DATABASE_URL: scratch.url, ADMIN_TOKEN, WALLET_SIGNING_SECRET: SECRET, WALLET_DEADLINE_MS: "8000", SHUTDOWN_TIMEOUT_MS: "8000" }, { label: "shutdown test" });

  it("on SIGTERM refuses new requests, fails readiness, finishes the one in flight, and exits 0", async () => {
    const server = await start();
    try {
      const playerId = await makePlayer(server.baseUrl);
      const body = creditBody(playerId, { amount: "2.00" });
      const release = await holdPlayerRow(sql, playerId);
      const inFlight = credit(server.baseUrl, body);
      await waitForLockWaiter(new URL(scratch.url).pathname.slice(1)); // the credit now waits on the row lock
      const exited = exitOf(server);
      server.child.kill("SIGTERM");
      // The signal is taken in when readiness fails: asked until then, however slow the machine.
      let ready = await fetch(`${server.baseUrl}/v1/ready`);
      while (ready.status === 200) ready = await fetch(`${server.baseUrl}/v1/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ type: "error", status: 503, code: "shutting_down" });
      const late = await fetch(`${server.baseUrl}/v1`);
      expect(late.status).toBe(503);

      await release();
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ status_code: "OK", balance: "12.00" });
      expect(await exited).toBe(0);
      const [row] = await sql`select count(*)::int as n from ledger_entries where transfer_id = ${body.transfer_id}`;
      expect(row!.n).toBe(1);
    } finally {
      await stopProcess(server.child);
    }
  });

  it("is not ready while a migration is pending or the database is gone, and says why", async () => {
    const server = await start();
    try {
      expect((await fetch(`${server.baseUrl}/v1/ready`)).status).toBe(200);
      const [last] = await sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`;
      await sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`;
      const pending = await fetch(`${server.baseUrl}/v1/ready`);
      expect(pending.status).toBe(503);
      expect(await pending.json()).toMatchObject({ code: "not_ready", message: expect.stringMatching(/1 of \d+ migrations are pending/) });
      await sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`;
      expect((await fetch(`${server.baseUrl}/v1/ready`)).status).toBe(200);

      // The database refuses connections and drops those it has: the app's pool finds it gone.
      const admin = postgres(pgUrl!, { max: 1, onnotice: () => {} });
      const name = new URL(scratch.url).pathname.slice(1);
      try {
        await admin`alter database ${admin(name)} allow_connections false`;
        await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name}`;
        const gone = await fetch(`${server.baseUrl}/v1/ready`);
        expect(gone.status).toBe(503);
        expect(await gone.json()).toMatchObject({ code: "not_ready", message: expect.stringMatching(/database/) });
        await admin`alter database ${admin(name)} allow_connections true`;
        // It comes back by itself once the database does.
        let back = 0;
        for (let i = 0; i < 20 && back !== 200; i++) back = (await fetch(`${server.baseUrl}/v1/ready`)).status;
        expect(back).toBe(200);
      } finally {
        await admin`alter database ${admin(name)} allow_connections true`;
        await admin.end();
      }
    } finally {
      await stopProcess(server.child);
    }
  });
});

describe("embedded: shutdown", () => {
  it("keeps serving and still stops on SIGTERM when whoever read its output has gone", async () => {
    // A log collector that dies closes the pipe the server writes its logs to. Every write then
    // fails; unheard, each failure was an uncaught error that the framework logged to the same pipe,
    // a loop that kept one core busy and never let the SIGTERM handler run.
    const server = await startNextServer({ PGLITE_DIR: "memory://", DATABASE_URL: undefined, ADMIN_TOKEN, WALLET_SIGNING_SECRET: SECRET }, { label: "server whose output is gone" });
    try {
      server.child.stdout!.destroy();
      server.child.stderr!.destroy();
      for (let i = 0; i < 5; i++) expect((await fetch(`${server.baseUrl}/v1`, { signal: AbortSignal.timeout(5000) })).status).toBe(200);
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => server.child.once("exit", (code, signal) => resolve({ code, signal })));
      server.child.kill("SIGTERM");
      // Killed instead after 10 s, it would show here as signal "SIGKILL".
      const force = setTimeout(() => server.child.kill("SIGKILL"), 10_000);
      expect(await exited).toEqual({ code: 0, signal: null });
      clearTimeout(force);
    } finally {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
    }
  });

  it("closes the database on SIGTERM, frees its directory and exits 0, so the next start opens it at once", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "lobby-stop-"));
    const pgliteDir = path.join(dir, "pglite");
    const env = { PGLITE_DIR: pgliteDir, DATABASE_URL: undefined, ADMIN_TOKEN, WALLET_SIGNING_SECRET: SECRET };
    try {
      const first = await startNextServer(env, { label: "embedded shutdown test" });
      const playerId = await makePlayer(first.baseUrl);
      expect(existsSync(`${pgliteDir}.lock`)).toBe(true);
      const exited = exitOf(first);
      first.child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(existsSync(`${pgliteDir}.lock`)).toBe(false);

      const second = await startNextServer(env, { label: "embedded restart" });
      try {
        const answer = await credit(second.baseUrl, creditBody(playerId, { amount: "1.00" }));
        expect(await answer.json()).toMatchObject({ status_code: "OK", balance: "11.00" });
      } finally {
        await stopProcess(second.child);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("stops serving when only npm gets SIGTERM, as under a process manager that signals `npm start`", async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    // A group of its own, so that whatever npm started can be found and stopped if it outlives npm.
    const npm = spawn("npm", ["start", "--silent"], {
      env: { ...process.env, PORT: String(port), HOSTNAME: "127.0.0.1", PGLITE_DIR: "memory://", DATABASE_URL: "", APP_MODE: "development", DEMO: "off", ADMIN_TOKEN, WALLET_SIGNING_SECRET: SECRET },
      stdio: "ignore",
      detached: true,
    });
    const npmExited = new Promise<void>((resolve) => npm.once("exit", () => resolve()));
    try {
      while (!(await fetch(`${baseUrl}/v1`).then((r) => r.ok, () => false))) {
        if (npm.exitCode !== null) throw new Error("npm start ended before the server answered");
        await new Promise((r) => setTimeout(r, 250));
      }
      npm.kill("SIGTERM");
      await npmExited;
      // npm waits for the server it started: once npm is gone, so is the server.
      const after = await fetch(`${baseUrl}/v1`).then((r) => `answered ${r.status}`, () => "refused");
      expect(after).toBe("refused");
    } finally {
      try {
        process.kill(-npm.pid!, "SIGKILL");
      } catch {
        // the group is gone already
      }
    }
  });
});

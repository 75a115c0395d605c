import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { afterEach, describe, expect, it } from "vitest";
import { signBody } from "@/lib/wallet/signature";
import { DATABASE_URL_TEST, nameNeedingPostgres } from "../support/needs-postgres";
import { createScratchDatabase } from "../support/scratch-database";
import { freePort, startNextServer, stopProcess, type NextServer } from "../support/next-server";
import { creditBody } from "./wallet-helpers";

// Starting and stopping, on servers of this file's own: generated secrets on memory://, settings and
// databases that stop the start with one clear line, a stop while waiting for the migration lock,
// and the address `npm start` listens on.

const pgUrl = DATABASE_URL_TEST;
const secret = () => randomBytes(24).toString("hex");
const servers: NextServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await stopProcess(s.child);
});

const exitOf = (server: NextServer, timeoutMs: number) =>
  new Promise<number | null | "running">((resolve) => {
    if (server.child.exitCode !== null) return resolve(server.child.exitCode);
    const timer = setTimeout(() => resolve("running"), timeoutMs);
    server.child.once("exit", (code) => (clearTimeout(timer), resolve(code)));
  });

/** Starts a server that is expected to stop by itself, and returns its exit code and everything it printed. */
async function failedStart(env: Record<string, string>) {
  const server = await startNextServer(env, { wait: false });
  servers.push(server);
  const code = await exitOf(server, 60_000);
  return { code, output: server.output.join("") };
}

const noStack = (output: string) => expect(output).not.toMatch(/^\s+at /m);

describe("starting", () => {
  it("on memory:// with generated secrets, the printed admin token and signing secret are the ones that work", async () => {
    const server = await startNextServer({ PGLITE_DIR: "memory://", DATABASE_URL: "", ADMIN_TOKEN: "", WALLET_SIGNING_SECRET: "" });
    servers.push(server);
    const output = server.output.join("");
    const adminToken = /Admin token \(generated\): +(\S+)/.exec(output)?.[1];
    const signingSecret = /Wallet signing secret \(generated\): +(\S+)/.exec(output)?.[1];
    expect(adminToken).toMatch(/^[0-9a-f]{64}$/);

    const admin = { authorization: `Bearer ${adminToken}`, "content-type": "application/json" };
    expect((await fetch(`${server.baseUrl}/v1/admin/audit`, { headers: admin })).status).toBe(200);
    // No METRICS_TOKEN is generated: metrics are off, and the answer says what turns them on.
    const metrics = await fetch(`${server.baseUrl}/metrics`, { headers: admin });
    expect(metrics.status).toBe(401);
    expect(await metrics.json()).toMatchObject({ code: "metrics_unauthorized", message: expect.stringContaining("set METRICS_TOKEN") });
    const made = await fetch(`${server.baseUrl}/v1/admin/players`, { method: "POST", headers: admin, body: JSON.stringify({ username: "memory", currency: "USD" }) });
    expect(made.status).toBe(201);
    const raw = JSON.stringify(creditBody(((await made.json()) as { data: { id: string } }).data.id));
    const credit = await fetch(`${server.baseUrl}/wallet/credit`, { method: "POST", headers: { "content-type": "application/json", "x-signature": signBody(raw, signingSecret!) }, body: raw });
    expect(((await credit.json()) as { status_code: string }).status_code).toBe("OK");
    // Nothing was written to disk, and the greeting does not say otherwise.
    expect(output).toContain("kept in memory only");
    expect(output).not.toContain(".data/secrets.json");
  }, 90_000);

  it("refuses an ADMIN_TOKEN with a space at start, with one line", async () => {
    const { code, output } = await failedStart({ PGLITE_DIR: "memory://", DATABASE_URL: "", ADMIN_TOKEN: "abcdefgh ijklmnopqrstuv", WALLET_SIGNING_SECRET: secret() });
    expect(code).toBe(1);
    expect(output).toMatch(/Cannot start: ADMIN_TOKEN: ADMIN_TOKEN must not contain spaces/);
  }, 90_000);

  it("refuses DATABASE_URL with no APP_MODE, listing every problem at once, without a stack", async () => {
    const { code, output } = await failedStart({ DATABASE_URL: "postgres://postgres@127.0.0.1:1/none", APP_MODE: "", ADMIN_TOKEN: "short", WALLET_SIGNING_SECRET: secret() });
    expect(code).toBe(1);
    expect(output).toMatch(/Cannot start, 2 settings to fix:\n {2}ADMIN_TOKEN: ADMIN_TOKEN must be at least 16 characters.*\n {2}APP_MODE is unset but DATABASE_URL is set: say APP_MODE=production/);
    noStack(output);
  }, 90_000);

  it("names an unreachable database's reason in one line, without a stack", async () => {
    const { code, output } = await failedStart({ DATABASE_URL: "postgres://postgres@127.0.0.1:1/none", ADMIN_TOKEN: secret(), WALLET_SIGNING_SECRET: secret(), DATABASE_TIMEOUT_MS: "1000" });
    expect(code).toBe(1);
    expect(output).toMatch(/Cannot start: the database could not be opened and migrated: .*ECONNREFUSED/);
    noStack(output);
  }, 90_000);
});

describe.skipIf(!pgUrl)(nameNeedingPostgres("postgres: migrations at start", pgUrl), () => {
  it("names a failed migration's reason in one line, without a stack", async () => {
    const scratch = await createScratchDatabase(pgUrl!);
    const sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
    try {
      await sql`create table players (id text)`;
      const { code, output } = await failedStart({ DATABASE_URL: scratch.url, ADMIN_TOKEN: secret(), WALLET_SIGNING_SECRET: secret() });
      expect(code).toBe(1);
      expect(output).toMatch(/Cannot start: the database could not be opened and migrated: relation "players" already exists/);
      noStack(output);
    } finally {
      await sql.end();
      await scratch.drop();
    }
  }, 90_000);

  it("stops within SHUTDOWN_TIMEOUT_MS on SIGTERM while waiting for the migration lock", async () => {
    const scratch = await createScratchDatabase(pgUrl!);
    const holder = postgres(scratch.url, { max: 1, onnotice: () => {} });
    try {
      await holder`select pg_advisory_lock(7114401)`;
      const server = await startNextServer({ DATABASE_URL: scratch.url, ADMIN_TOKEN: secret(), WALLET_SIGNING_SECRET: secret(), SHUTDOWN_TIMEOUT_MS: "1000" }, { wait: false });
      servers.push(server);
      for (let i = 0; ; i++) {
        const [row] = await holder`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`;
        if (row!.n > 0) break;
        if (i > 600) throw new Error(`The server never waited for the lock:\n${server.output.join("")}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      server.child.kill("SIGTERM");
      // Before, it waited for the lock for ever; now it exits, cleanly, once the timeout is up.
      expect(await exitOf(server, 60_000)).toBe(0);
    } finally {
      await holder.end();
      await scratch.drop();
    }
  }, 90_000);
});

describe("npm start", () => {
  it("listens on HOSTNAME only", async () => {
    const port = await freePort();
    const child = spawn("npm", ["start", "--silent"], {
      env: { ...process.env, HOSTNAME: "127.0.0.1", PORT: String(port), PGLITE_DIR: "memory://", DATABASE_URL: "", APP_MODE: "development", ADMIN_TOKEN: secret(), WALLET_SIGNING_SECRET: secret() },
      stdio: "ignore",
      detached: true,
    });
    const answers = (host: string) => fetch(`http://${host}:${port}/v1`).then((r) => r.ok, () => false);
    try {
      let up = false;
      for (let i = 0; i < 240 && !up; i++) {
        up = await answers("127.0.0.1");
        if (!up) await new Promise((r) => setTimeout(r, 250));
      }
      expect(up).toBe(true);
      // Another loopback address of this machine: reachable only by a server on every interface.
      expect(await answers("127.0.0.2")).toBe(false);
    } finally {
      process.kill(-child.pid!, "SIGTERM");
    }
  }, 90_000);
});

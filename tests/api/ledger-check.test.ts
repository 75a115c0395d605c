import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createScratchDatabase } from "../support/scratch-database";
import { startNextServer, stopProcess, type NextServer } from "../support/next-server";
import { describePostgres, expectError, get, newPlayer, post } from "./helpers";
import type { Target } from "./global-setup";
import { callWallet, creditBody } from "./wallet-helpers";

// GET /v1/admin/ledger/check on a live database of this file's own (the shared servers' databases
// are written by other files at the same time): sound after a played round, and naming a balance
// changed behind the ledger's back, on the answer and in the metrics.

describePostgres("the ledger check", () => {
  let server: NextServer;
  let target: Target;
  let drop: () => Promise<void>;
  let databaseUrl: string;
  const [adminToken, metricsToken, secret, spare] = [randomBytes(24).toString("hex"), randomBytes(24).toString("hex"), randomBytes(24).toString("hex"), randomBytes(24).toString("hex")];

  beforeAll(async () => {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL_TEST!);
    [drop, databaseUrl] = [scratch.drop, scratch.url];
    server = await startNextServer({ DATABASE_URL: scratch.url, APP_MODE: "development", ADMIN_TOKEN: adminToken, METRICS_TOKEN: metricsToken, WALLET_SIGNING_SECRET: `${secret},${spare}`, DEMO: "off" }, { label: "ledger check" });
    target = { name: "postgres", baseUrl: server.baseUrl, adminToken, metricsToken, walletSecrets: [secret, spare], databaseUrl: scratch.url, logFile: "" };
  }, 120_000);
  afterAll(async () => {
    if (server) await stopProcess(server.child);
    await drop?.();
  });

  const check = async () => (await get(target, "/v1/admin/ledger/check", { admin: adminToken })).body.data as { ok: boolean; problems: string[] };
  const metrics = async () => (await (await fetch(`${target.baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text()).match(/^lobby_ledger_problems (\d+)$/m)?.[1];

  it("finds nothing after a round is played and settled, and says so in the metrics", async () => {
    const [a, b] = [await newPlayer(target), await newPlayer(target)];
    const room = (await post(target, "/v1/rooms", { name: "checked", bet_amount: 2, currency: "USD", player_limit: 2, turn: 10, rake_percentage: 5 }, { token: a.token })).body.data.id;
    expect((await post(target, `/v1/rooms/${room}/join`, undefined, { token: b.token })).status).toBe(200);
    expect((await callWallet(target, "credit", creditBody(a.id, { round_id: room, amount: "3.80", round_completed: true }))).body.status_code).toBe("OK");
    expect(await check()).toEqual({ ok: true, problems: [] });
    expect(await metrics()).toBe("0");
  });

  it("names a balance changed without its ledger row, while the service runs", async () => {
    const p = await newPlayer(target);
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      await sql`update players set real_balance = real_balance + 1 where id = ${p.id}`;
      const found = await check();
      expect(found.ok).toBe(false);
      expect(found.problems).toEqual([
        expect.stringMatching(new RegExp(`^player ${p.id}: balances 101`)),
        expect.stringMatching(/^currency USD: all accounts sum to 1(\.0+)?, not 0$/),
        expect.stringMatching(new RegExp(`^account player:${p.id}: kept balance 101`)),
      ]);
      expect(await metrics()).toBe("3");
      await sql`update players set real_balance = real_balance - 1 where id = ${p.id}`;
      expect((await check()).ok).toBe(true);
    } finally {
      await sql.end();
    }
  });

  it("answers only the admin", async () => {
    expectError(await get(target, "/v1/admin/ledger/check"), 401, "admin_unauthorized");
  });
});

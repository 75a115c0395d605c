import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { freePort, startNextServer, stopProcess, type NextServer } from "../support/next-server";
import { describePostgres, newPlayer } from "./helpers";
import { balanceOf, callWallet, creditBody } from "./wallet-helpers";

// The wallet lane (lib/runtime/wallet-lane.ts): with WALLET_PORT set, an instance also serves the
// platform's signed calls on that port, from a thread of its own. Same handlers, same ledger: a call
// is exactly once whichever port it reaches. How much it shields money from a crowd is measured by
// the benchmark's reconnect storm, not timed here.

describePostgres("the wallet lane (WALLET_PORT)", (t) => {
  let server: NextServer;
  let lanePort: number;
  const env = () => ({ DATABASE_URL: t.databaseUrl!, ADMIN_TOKEN: t.adminToken, METRICS_TOKEN: t.metricsToken!, WALLET_SIGNING_SECRET: t.walletSecrets.join(",") });
  const onLane = () => ({ ...t, baseUrl: `http://127.0.0.1:${lanePort}` });
  const onMain = () => ({ ...t, baseUrl: server.baseUrl });

  beforeAll(async () => {
    lanePort = await freePort();
    server = await startNextServer({ ...env(), WALLET_PORT: String(lanePort) }, { label: "wallet lane" });
  });
  afterAll(async () => {
    if (server) await stopProcess(server.child);
  });

  it("pays a signed credit on the lane once, and its repeat on the main port gets the same answer", async () => {
    const player = await newPlayer(t, { balance: "10.00" });
    const body = creditBody(player.id, { amount: "2.50" });
    const first = await callWallet(onLane(), "credit", body);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status_code: "OK", balance: "12.50" });
    const repeat = await callWallet(onMain(), "credit", body);
    expect(repeat.body).toEqual(first.body);
    expect(await balanceOf(onMain(), player.token)).toBe("12.50");
  });

  it("answers bad signatures and garbage on the lane as the main port does", async () => {
    const player = await newPlayer(t);
    const forged = await callWallet(onLane(), "credit", creditBody(player.id), { secret: "not-the-platform-secret-0123456789" });
    expect(forged.body).toMatchObject({ status_code: "ERR_INTEGRITY_CHECK_FAILED" });
    const garbage = await callWallet(onLane(), "credit", "{");
    expect(garbage.body).toMatchObject({ status_code: "ERR_INVALID_REQUEST" });
    expect(await balanceOf(onMain(), player.token)).toBe("100.00");
  });

  it("serves nothing of the lobby on the lane's port, and health, readiness and its own metrics", async () => {
    const player = await newPlayer(t);
    const rooms = await fetch(`${onLane().baseUrl}/v1/rooms`, { headers: { "x-player-token": player.token } });
    expect(rooms.status).toBe(404);
    expect(await rooms.json()).toMatchObject({ type: "error", status: 404, code: "not_found", message: expect.stringMatching(/WALLET_PORT/) });
    const unknown = await fetch(`${onLane().baseUrl}/wallet/nothing`, { method: "POST", body: "{}" });
    expect(unknown.status).toBe(404);
    const wrongMethod = await fetch(`${onLane().baseUrl}/wallet/credit`);
    expect(wrongMethod.status).toBe(405);
    expect((await fetch(`${onLane().baseUrl}/v1`)).status).toBe(200);
    expect((await fetch(`${onLane().baseUrl}/v1/ready`)).status).toBe(200);

    await callWallet(onLane(), "credit", creditBody(player.id));
    const metrics = await (await fetch(`${onLane().baseUrl}/metrics`, { headers: { authorization: `Bearer ${t.metricsToken}` } })).text();
    expect(metrics).toMatch(/lobby_wallet_outcomes_total\{endpoint="credit",status_code="OK"\} [1-9]/);
  });

  it("keeps serving the wallet on the main port, for platforms not yet moved", async () => {
    const player = await newPlayer(t, { balance: "1.00" });
    expect((await callWallet(onMain(), "credit", creditBody(player.id, { amount: "1.00" }))).body).toMatchObject({ status_code: "OK", balance: "2.00" });
  });
});

describePostgres("the wallet lane's start and stop", (t) => {
  const env = () => ({ DATABASE_URL: t.databaseUrl!, ADMIN_TOKEN: t.adminToken, METRICS_TOKEN: t.metricsToken!, WALLET_SIGNING_SECRET: t.walletSecrets.join(",") });
  let holder: Server | undefined;
  afterAll(() => holder?.close());

  it("refuses to start, in one line, when WALLET_PORT is taken", async () => {
    const port = await freePort();
    holder = createServer();
    await new Promise<void>((resolve) => holder!.listen(port, resolve));
    const server = await startNextServer({ ...env(), WALLET_PORT: String(port) }, { label: "lane on a taken port", wait: false });
    const code = await new Promise<number | null>((resolve) => server.child.once("exit", resolve));
    expect(code).toBe(1);
    expect(server.output.join("")).toMatch(new RegExp(`Cannot start: the wallet lane could not start on WALLET_PORT ${port}: .*EADDRINUSE`));
  });

  it("stops with the instance: SIGTERM closes the lane's port and the process exits 0", async () => {
    const port = await freePort();
    const server = await startNextServer({ ...env(), WALLET_PORT: String(port) }, { label: "lane to stop" });
    expect((await fetch(`http://127.0.0.1:${port}/v1`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => server.child.once("exit", resolve));
    server.child.kill("SIGTERM");
    expect(await exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/v1`)).rejects.toThrow();
  });
});

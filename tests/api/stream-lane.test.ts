import { afterAll, beforeAll, expect, it } from "vitest";
import { freePort, startNextServer, stopProcess, type NextServer } from "../support/next-server";
import { openStream, updateOf } from "./event-stream";
import { describePostgres, expectError, get, newPlayer, post } from "./helpers";
import { callWallet, creditBody } from "./wallet-helpers";

// Stream lanes (lib/runtime/stream-lane.ts): on PostgreSQL an instance hands each player's event
// stream it admits, connection and all, to one of its processes of their own (LIVE_STREAM_PROCESSES).
// The door's caps and the instance's gauges still count every stream; a lane that dies takes its
// streams with it (their lobbies reconnect) and is started again. How much the lanes shield the main
// thread from a reconnect storm is measured by the benchmark, not timed here.

const roomBody = { name: "lane", bet_amount: 1, currency: "USD", player_limit: 2, turn: 10 };
const LANE_SERVING = /"msg":"stream lane serving".*?"pid":(\d+)/g;

describePostgres("the stream lanes", (t) => {
  let server: NextServer;
  const here = () => ({ ...t, baseUrl: server.baseUrl });
  const env = () => ({ DATABASE_URL: t.databaseUrl!, ADMIN_TOKEN: t.adminToken, METRICS_TOKEN: t.metricsToken!, WALLET_SIGNING_SECRET: t.walletSecrets.join(","), LIVE_STREAMS_PER_PLAYER: "2", LIVE_STREAM_PROCESSES: "2" });
  /** The lane processes this instance has started, in order. */
  const lanes = () => [...server.output.join("").matchAll(LANE_SERVING)].map((m) => Number(m[1]));
  const streamsGauge = async () => {
    const text = await (await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${t.metricsToken}` } })).text();
    return Number(/^lobby_live_streams (\d+)$/m.exec(text)?.[1]);
  };
  const until = async (what: string, check: () => Promise<boolean> | boolean) => {
    for (let i = 0; i < 300; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`Still not so after 15 s: ${what}`);
  };
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  beforeAll(async () => {
    // With the wallet lane too, as docs/operations.md advises: the two lanes start side by side.
    server = await startNextServer({ ...env(), WALLET_PORT: String(await freePort()) }, { label: "stream lane" });
  });
  afterAll(async () => {
    if (server) await stopProcess(server.child);
  });

  it("serves a player's stream from a process of its own: hello, room changes and balance changes, on a connection of its own", async () => {
    expect(lanes()).toHaveLength(2);
    const [watcher, host] = [await newPlayer(here()), await newPlayer(here())];
    const response = await fetch(`${server.baseUrl}/v1/events`, { headers: { "x-player-token": watcher.token } });
    // The lane ends the connection with the stream; the main process keeps its connections alive.
    expect(response.headers.get("connection")).toBe("close");
    await response.body!.cancel();

    const stream = await openStream(`${server.baseUrl}/v1/events`, { "x-player-token": watcher.token });
    try {
      expect((await stream.next((r) => r.event === "hello")).data).toMatchObject({ player: { id: watcher.id } });
      const made = await post(here(), "/v1/rooms", roomBody, { token: host.token });
      expect(updateOf(await stream.next((r) => updateOf(r, made.body.data.id) !== undefined), made.body.data.id)!.room).toEqual(made.body.data);
      await callWallet(here(), "credit", creditBody(watcher.id));
      expect((await stream.next((r) => r.event === "balance")).data).toEqual({ type: "balance", player_id: watcher.id });
      await until("the instance's gauge counts the lane's stream", async () => (await streamsGauge()) === 1);
    } finally {
      await stream.close();
    }
    await until("the stream's end is counted out", async () => (await streamsGauge()) === 0);
  });

  it("counts the lane's player online, and not once the stream ends", async () => {
    const watcher = await newPlayer(here());
    const online = async () => (await get(here(), "/v1/lobby/counts", { token: watcher.token })).body.data.players_online as number;
    // Other test files' servers share this database, and their players online count here too (their
    // rows change every 10 s): the difference the stream makes is read again until no row changed
    // between the two reads.
    const differences: number[] = [];
    for (let attempt = 0; attempt < 5 && differences.at(-1) !== 1; attempt++) {
      const stream = await openStream(`${server.baseUrl}/v1/events`, { "x-player-token": watcher.token });
      await stream.next((r) => r.event === "hello");
      const withStream = await online();
      await stream.close();
      await until("the stream's end is counted out", async () => (await streamsGauge()) === 0);
      differences.push(withStream - (await online()));
    }
    expect(differences.at(-1)).toBe(1);
  });

  it("holds a player to their streams across the hand-over, and counts one out when it ends", async () => {
    const player = await newPlayer(here());
    const first = await openStream(`${server.baseUrl}/v1/events`, { "x-player-token": player.token });
    const second = await openStream(`${server.baseUrl}/v1/events`, { "x-player-token": player.token });
    try {
      await Promise.all([first, second].map((s) => s.next((r) => r.event === "hello")));
      const third = await get(here(), "/v1/events", { token: player.token });
      expectError(third, 503, "overloaded");
      expect(third.body.message).toMatch(/At most 2 live update streams per player/);
      await first.close();
      // Once the lane says the first ended, the door lets another in.
      await until("a stream is admitted again", async () => {
        const again = await fetch(`${server.baseUrl}/v1/events`, { headers: { "x-player-token": player.token } });
        await again.body?.cancel();
        return again.status === 200;
      });
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it("starts a lane again when it dies; its streams end with it and are counted out", async () => {
    const before = lanes();
    const player = await newPlayer(here());
    const stream = await openStream(`${server.baseUrl}/v1/events`, { "x-player-token": player.token });
    await stream.next((r) => r.event === "hello");
    // The stream is on one of them: both go.
    before.forEach((pid) => process.kill(pid, "SIGKILL"));
    await stream.ended();
    await until("the door counts the dead lanes' streams out", async () => (await streamsGauge()) === 0);
    await until("new lanes serve", () => lanes().length === 4);
    expect(server.output.join("")).toMatch(/stream lane stopped unexpectedly/);
    const again = await openStream(`${server.baseUrl}/v1/events`, { "x-player-token": player.token });
    try {
      expect((await again.next((r) => r.event === "hello")).data).toMatchObject({ player: { id: player.id } });
    } finally {
      await again.close();
    }
  });

  it("stops its lanes with the instance", async () => {
    const pids = lanes().slice(-2);
    expect(pids.every(alive)).toBe(true);
    await stopProcess(server.child);
    expect(server.child.exitCode).toBe(0);
    await until("the lanes have exited", () => !pids.some(alive));
  });
});

describePostgres("no stream lanes", (t) => {
  it("serves streams in the main process with LIVE_STREAM_PROCESSES=0", async () => {
    const server = await startNextServer(
      { DATABASE_URL: t.databaseUrl!, ADMIN_TOKEN: t.adminToken, METRICS_TOKEN: t.metricsToken!, WALLET_SIGNING_SECRET: t.walletSecrets.join(","), LIVE_STREAM_PROCESSES: "0" },
      { label: "no stream lane" },
    );
    try {
      const player = await newPlayer({ ...t, baseUrl: server.baseUrl });
      const response = await fetch(`${server.baseUrl}/v1/events`, { headers: { "x-player-token": player.token } });
      expect(response.status).toBe(200);
      expect(response.headers.get("connection")).toBe("keep-alive");
      await response.body!.cancel();
      expect(server.output.join("")).not.toMatch(/stream lane serving/);
    } finally {
      await stopProcess(server.child);
    }
  });
});

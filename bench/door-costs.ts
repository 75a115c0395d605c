import { randomBytes } from "node:crypto";
import { openDatabase } from "@/db/client";
import { issueLaunchToken } from "@/lib/players/issue-launch-token";
import { signBody } from "@/lib/wallet/signature";
import { createScratchDatabase } from "@/tests/support/scratch-database";
import { startNextServer, stopProcess, type NextServer } from "@/tests/support/next-server";
import { cpuSeconds } from "./memory";
import { percentile, round2 } from "./load";
import { largeLobbyIds, seedLargeLobby } from "@/tests/support/large-lobby";
import { log } from "./log";

// What a refusal at the front door costs the server (`--live`): its CPU per refused stream open,
// against a stream open that is served (authenticated, subscribed, then closed by the client) and
// against a signed credit. Measured as the server process's CPU time over many calls, with the
// caller's latency beside it.

export interface DoorCost {
  what: string;
  calls: number;
  /** Server CPU per call, in microseconds. */
  cpuMicroseconds: number;
  latencyMs: { p50: number; p99: number };
  statuses: Record<string, number>;
}

const CALLS = 2000;
const AT_ONCE = 20;

async function costOf(what: string, server: NextServer, call: (i: number) => Promise<number>): Promise<DoorCost> {
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  // A warm-up that is not counted: the first calls load the route's code.
  for (let i = 0; i < 50; i++) await call(-1 - i).catch(() => 0);
  const cpuBefore = cpuSeconds(server.child.pid!);
  let next = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < CALLS) {
        const i = next++;
        const t0 = performance.now();
        const status = await call(i).catch(() => 0);
        latencies.push(performance.now() - t0);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  const cpu = cpuSeconds(server.child.pid!) - cpuBefore;
  const sorted = latencies.sort((a, b) => a - b);
  const cost = { what, calls: CALLS, cpuMicroseconds: round2((cpu / CALLS) * 1e6), latencyMs: { p50: round2(percentile(sorted, 50)), p99: round2(percentile(sorted, 99)) }, statuses };
  log(`  ${what}: ${cost.cpuMicroseconds} µs of server CPU each; p50 ${cost.latencyMs.p50} ms, p99 ${cost.latencyMs.p99} ms; ${JSON.stringify(statuses)}`);
  return cost;
}

export async function doorCosts(serverUrl: string): Promise<DoorCost[]> {
  const scratch = await createScratchDatabase(serverUrl);
  const handle = await openDatabase({ kind: "postgres", url: scratch.url });
  const servers: NextServer[] = [];
  try {
    await seedLargeLobby(handle.db, { rooms: 1000, players: 100 });
    const players = Array.from({ length: 100 }, (_, p) => ({ id: largeLobbyIds.player(p), currency: p % 10 < 6 ? "USD" : p % 10 < 9 ? "EUR" : "JPY" }));
    const tokens: string[] = [];
    for (const p of players) tokens.push((await issueLaunchToken(handle.db, { playerId: p.id, ttlSeconds: 86_400, origin: "http://bench.invalid" })).token);
    const secret = `door-signing-${Date.now()}-0123456789`;
    const env = { DATABASE_URL: scratch.url, ADMIN_TOKEN: `door-admin-${Date.now()}-0123456789`, WALLET_SIGNING_SECRET: secret };
    // One instance that admits a stream open a second (every other is refused), one that admits all.
    const refusing = await startNextServer({ ...env, LIVE_OPENS_PER_SECOND: "1" }, { label: "refusing door" });
    servers.push(refusing);
    const serving = await startNextServer({ ...env, LIVE_OPENS_PER_SECOND: "1000000", LIVE_STREAMS_PER_PLAYER: "1000" }, { label: "serving door" });
    servers.push(serving);
    log(`front door costs: ${CALLS.toLocaleString("en")} calls of each, ${AT_ONCE} at a time`);

    const open = (baseUrl: string) => async (i: number) => {
      const controller = new AbortController();
      const response = await fetch(`${baseUrl}/v1/events`, { headers: { "x-player-token": tokens[Math.abs(i) % tokens.length]! }, signal: controller.signal });
      // A served stream is read until it says it is connected, then closed; a refusal is read whole.
      if (response.status === 200) {
        const reader = response.body!.getReader();
        await reader.read();
        controller.abort();
      } else await response.arrayBuffer();
      return response.status;
    };
    const credit = async (i: number) => {
      const p = players[Math.abs(i) % players.length]!;
      const body = JSON.stringify({
        request_id: `door-${i}`,
        timestamp: Math.floor(Date.now() / 1000),
        session_id: "door",
        player_id: p.id,
        game_code: "door",
        transfer_id: `door-${randomBytes(8).toString("hex")}`,
        round_id: `door-round-${i}`,
        round_completed: false,
        amount: "1",
        currency: p.currency,
        reason: "win",
      });
      const response = await fetch(`${serving.baseUrl}/wallet/credit`, { method: "POST", headers: { "content-type": "application/json", "x-signature": signBody(body, secret) }, body });
      await response.arrayBuffer();
      return response.status;
    };
    const read = (path: string) => async (i: number) => {
      const response = await fetch(`${serving.baseUrl}${path}`, { headers: { "x-player-token": tokens[Math.abs(i) % tokens.length]! } });
      await response.arrayBuffer();
      return response.status;
    };
    return [
      await costOf("health check (GET /v1)", serving, read("/v1")),
      await costOf("room list read (GET /v1/rooms)", serving, read("/v1/rooms")),
      await costOf("stream open refused at the door", refusing, open(refusing.baseUrl)),
      await costOf("stream open served, then closed", serving, open(serving.baseUrl)),
      await costOf("signed credit", serving, credit),
    ];
  } finally {
    for (const server of servers) await stopProcess(server.child);
    await handle.close();
    await scratch.drop();
  }
}

import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createScratchDatabase } from "@/tests/support/scratch-database";
import { startNextServer, stopProcess, type NextServer } from "@/tests/support/next-server";
import { signBody } from "@/lib/wallet/signature";
import { percentile, round2 } from "./load";

// The handoff benchmark: rooms start at a steady rate on one instance over PostgreSQL and their events
// are pushed to a platform that takes 50 ms to answer. Three phases on one scratch database:
//   1. push off: room starts and credits, the credits' latency without delivery (the baseline);
//   2. push on: the same load; commit-to-delivery of each event, and the credits' latency beside it;
//   3. the platform down, then up: how soon its return is noticed and how fast the backlog drains.

export interface HandoffSettings {
  serverUrl: string;
  /** Seconds of each measured phase, and of the outage. */
  seconds: number;
  outageSeconds: number;
  startsPerSecond: number;
  creditsPerSecond: number;
  platformMs: number;
}

export interface HandoffResult {
  settings: Omit<HandoffSettings, "serverUrl">;
  baseline: { credits: number; creditP50: number; creditP99: number; errors: number };
  pushed: { credits: number; creditP50: number; creditP99: number; errors: number; events: number; deliveryP50: number; deliveryP99: number; deliveryMax: number };
  outage: { backlog: number; noticedAfterSeconds: number; drainSeconds: number; drainPerSecond: number; delivered: number; duplicates: number };
  roomsStarted: number;
}

function platform(secret: string, answerMs: number) {
  const received = new Map<string, { at: number; occurredAt: number }>();
  let duplicates = 0;
  let up = true;
  let badSignatures = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      if (req.headers["x-signature"] !== signBody(body, secret)) badSignatures++;
      if (!up) return void res.writeHead(503).end();
      setTimeout(() => {
        const e = JSON.parse(body.toString("utf8")) as { event_id: string; occurred_at: string };
        if (received.has(e.event_id)) duplicates++;
        else received.set(e.event_id, { at: Date.now(), occurredAt: Date.parse(e.occurred_at) });
        res.writeHead(204).end();
      }, answerMs);
    });
  });
  return {
    listen: () => new Promise<string>((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/events`))),
    received,
    duplicates: () => duplicates,
    badSignatures: () => badSignatures,
    setUp: (value: boolean) => void (up = value),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What the benchmark reads of an answer: an id, a token, a wallet status. */
type Fields = { id: string; token: string; status_code: string };

async function call(base: string, path: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; data: Fields }> {
  const response = await fetch(base + path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body ?? {}) });
  const json = (await response.json().catch(() => ({}))) as { data?: Fields };
  return { status: response.status, data: json.data ?? (json as Fields) };
}

/** Runs `tick` every 1/rate s for `seconds`, without waiting for one tick to finish before the next. */
async function paced(rate: number, seconds: number, tick: () => Promise<void>): Promise<void> {
  const pending: Promise<void>[] = [];
  const started = Date.now();
  for (let i = 0; i < rate * seconds; i++) {
    const due = started + (i * 1000) / rate;
    if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
    pending.push(tick());
  }
  await Promise.all(pending);
}

export async function handoffRun(o: HandoffSettings, log: (line: string) => void): Promise<HandoffResult> {
  const scratch = await createScratchDatabase(o.serverUrl);
  const [adminToken, secret] = [randomBytes(24).toString("hex"), randomBytes(24).toString("hex")];
  const receiver = platform(secret, o.platformMs);
  const eventsUrl = await receiver.listen();
  const env = (push: boolean) => ({
    DATABASE_URL: scratch.url,
    ADMIN_TOKEN: adminToken,
    WALLET_SIGNING_SECRET: secret,
    PLATFORM_EVENTS_URL: push ? eventsUrl : "",
    LOBBY_READS_IN_FLIGHT: "100000",
    MAX_OPEN_ROOMS_PER_PLAYER: "100000",
  });
  let server: NextServer | undefined;
  try {
    server = await startNextServer(env(false), { label: "handoff, push off" });
    const admin = { authorization: `Bearer ${adminToken}` };
    const players: { id: string; token: string }[] = [];
    for (let i = 0; i < 40; i++) {
      const made = await call(server.baseUrl, "/v1/admin/players", admin, { username: `handoff_${randomBytes(4).toString("hex")}`, currency: "USD", balance: "1000000" });
      const issued = await call(server.baseUrl, `/v1/admin/players/${made.data.id}/tokens`, admin, {});
      players.push({ id: made.data.id, token: issued.data.token });
    }
    let roomsStarted = 0;
    const startRoom = async () => {
      const [host, guest] = [players[roomsStarted % players.length]!, players[(roomsStarted + 7) % players.length]!];
      roomsStarted++;
      const made = await call(server!.baseUrl, "/v1/rooms", { "x-player-token": host.token }, { name: "handoff", bet_amount: 1, currency: "USD", player_limit: 2, turn: 10 });
      if (made.status === 200) await call(server!.baseUrl, `/v1/rooms/${made.data.id}/join`, { "x-player-token": guest.token });
    };
    const creditLoad = async () => {
      const latencies: number[] = [];
      let errors = 0;
      await paced(o.creditsPerSecond, o.seconds, async () => {
        const raw = JSON.stringify({ request_id: randomBytes(6).toString("hex"), timestamp: Date.now(), session_id: "bench", player_id: players[randomBytes(1)[0]! % players.length]!.id, game_code: "bench", transfer_id: `handoff-${randomBytes(8).toString("hex")}`, round_id: "bench", round_completed: false, amount: "1.00", currency: "USD", reason: "win" });
        const t0 = performance.now();
        const answer = await call(server!.baseUrl, "/wallet/credit", { "x-signature": signBody(raw, secret) }, raw);
        latencies.push(performance.now() - t0);
        if (answer.data.status_code !== "OK") errors++;
      });
      const sorted = latencies.sort((a, b) => a - b);
      return { credits: sorted.length, creditP50: round2(percentile(sorted, 50)), creditP99: round2(percentile(sorted, 99)), errors };
    };

    log(`handoff 1/3: push off, ${o.startsPerSecond} room starts/s and ${o.creditsPerSecond} credits/s for ${o.seconds} s`);
    const [baseline] = await Promise.all([creditLoad(), paced(o.startsPerSecond, o.seconds, startRoom)]);
    await stopProcess(server.child);

    server = await startNextServer(env(true), { label: "handoff, push on" });
    // The first phase's events (committed, never sent) go out first: a backlog of its own, not measured.
    const earlier = roomsStarted;
    const waitFor = async (count: number, boundMs: number) => {
      for (const giveUpAt = Date.now() + boundMs; receiver.received.size < count && Date.now() < giveUpAt; ) await new Promise((r) => setTimeout(r, 20));
    };
    await waitFor(earlier, 60_000);
    const before = new Set(receiver.received.keys());
    log(`handoff 2/3: push on, the same load; events to a platform answering in ${o.platformMs} ms`);
    const [pushedCredits] = await Promise.all([creditLoad(), paced(o.startsPerSecond, o.seconds, startRoom)]);
    await waitFor(roomsStarted, 30_000);
    const delivery = [...receiver.received.entries()].filter(([id]) => !before.has(id)).map(([, r]) => r.at - r.occurredAt).sort((a, b) => a - b);

    log(`handoff 3/3: the platform down for ${o.outageSeconds} s while rooms start, then up`);
    receiver.setUp(false);
    await paced(o.startsPerSecond, o.outageSeconds, startRoom);
    const backlog = roomsStarted - receiver.received.size;
    const upAt = Date.now();
    const countAtUp = receiver.received.size;
    receiver.setUp(true);
    await waitFor(roomsStarted, 120_000);
    const after = [...receiver.received.values()].slice(countAtUp).map((r) => r.at);
    const first = Math.min(...after);
    const last = Math.max(...after);
    const drainSeconds = round2((last - first) / 1000);
    if (receiver.badSignatures() > 0) throw new Error(`${receiver.badSignatures()} events came with a bad signature`);
    return {
      settings: { seconds: o.seconds, outageSeconds: o.outageSeconds, startsPerSecond: o.startsPerSecond, creditsPerSecond: o.creditsPerSecond, platformMs: o.platformMs },
      baseline,
      pushed: {
        ...pushedCredits,
        events: delivery.length,
        deliveryP50: round2(percentile(delivery, 50)),
        deliveryP99: round2(percentile(delivery, 99)),
        deliveryMax: round2(delivery.at(-1) ?? 0),
      },
      outage: {
        backlog,
        noticedAfterSeconds: round2((first - upAt) / 1000),
        drainSeconds,
        drainPerSecond: drainSeconds > 0 ? Math.round(after.length / drainSeconds) : after.length,
        delivered: after.length,
        duplicates: receiver.duplicates(),
      },
      roomsStarted,
    };
  } finally {
    if (server) await stopProcess(server.child);
    await receiver.close();
    await scratch.drop();
  }
}

export interface HandoffTarget {
  name: string;
  met: boolean;
  detail: string;
}

export function judgeHandoff(r: HandoffResult): HandoffTarget[] {
  return [
    { name: "commit-to-delivery p99 < 1 s", met: r.pushed.deliveryP99 < 1000, detail: `p50 ${r.pushed.deliveryP50} ms, p99 ${r.pushed.deliveryP99} ms over ${r.pushed.events} events` },
    { name: "backlog drains at ≥ 200 events/s", met: r.outage.drainPerSecond >= 200, detail: `${r.outage.delivered} events in ${r.outage.drainSeconds} s (${r.outage.drainPerSecond}/s), first ${r.outage.noticedAfterSeconds} s after the platform came back` },
    { name: "credit p99 within 20% of push off", met: r.pushed.creditP99 <= 1.2 * r.baseline.creditP99, detail: `${r.pushed.creditP99} ms with push, ${r.baseline.creditP99} ms without` },
    { name: "every event delivered once, none lost", met: r.outage.duplicates === 0 && r.pushed.errors === 0 && r.baseline.errors === 0, detail: `${r.outage.duplicates} duplicates, ${r.baseline.errors + r.pushed.errors} credit errors` },
  ];
}

export function handoffMarkdown(r: HandoffResult, targets: HandoffTarget[]): string {
  const s = r.settings;
  return [
    `One instance (next start) over PostgreSQL; ${s.startsPerSecond} room starts/s (a create and a join each) and ${s.creditsPerSecond} signed credits/s, ${s.seconds} s per phase; the platform answers each event in ${s.platformMs} ms, and is down for ${s.outageSeconds} s in the last phase. ${r.roomsStarted} rooms started in all.`,
    "",
    "| Phase | Credits | Credit p50 | Credit p99 | Events | Delivery p50 | Delivery p99 | Delivery max |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    `| push off | ${r.baseline.credits} | ${r.baseline.creditP50} ms | ${r.baseline.creditP99} ms | — | — | — | — |`,
    `| push on | ${r.pushed.credits} | ${r.pushed.creditP50} ms | ${r.pushed.creditP99} ms | ${r.pushed.events} | ${r.pushed.deliveryP50} ms | ${r.pushed.deliveryP99} ms | ${r.pushed.deliveryMax} ms |`,
    "",
    `Outage: ${r.outage.backlog} events waited; the first went out ${r.outage.noticedAfterSeconds} s after the platform came back, and ${r.outage.delivered} drained in ${r.outage.drainSeconds} s (${r.outage.drainPerSecond}/s), ${r.outage.duplicates} delivered twice.`,
    "",
    "| Target | Met | Figures |",
    "|---|---|---|",
    ...targets.map((t) => `| ${t.name} | ${t.met ? "yes" : "**no**"} | ${t.detail} |`),
    "",
  ].join("\n");
}

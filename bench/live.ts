import { fork } from "node:child_process";
import os from "node:os";
import { sql } from "drizzle-orm";
import { openDatabase } from "@/db/client";
import { launchTokens } from "@/db/schema";
import { newLaunchToken } from "@/lib/players/launch-token";
import type { RoomList } from "@/lib/rooms/contract";
import { createScratchDatabase } from "@/tests/support/scratch-database";
import { freePort, startNextServer, stopProcess, type NextServer } from "@/tests/support/next-server";
import { prepareActors } from "./actors";
import type { Actors } from "./scenarios";
import { LiveLoad } from "./live-load";
import type { WatcherKind } from "./live-watcher";
import type { FromWatchers, ToWatchers } from "./live-watchers";
import { percentile, round2 } from "./load";
import { cpuSeconds, treeRssMiB } from "./memory";
import type { LiveSettings } from "./options";
import { startRoundRobin } from "./proxy";
import { benchPlayer, seedBench } from "./seed";
import { log } from "./log";

// `npm run bench -- --live`: W players keep the lobby open while the platform and players change
// rooms and credits arrive; for each W, how soon each watcher shows each change, what list reads it
// costs, and whether money kept its pace. One instance, then two behind a round-robin proxy.

/** The settings of `--live` (bench/options.ts), and the server the scratch database goes on. */
export type LiveOptions = LiveSettings & { serverUrl: string };

export interface LiveStep {
  name: string;
  watchers: number;
  kind: WatcherKind;
  /** Whether the watchers connected all at once while the load ran. */
  storm: boolean;
  connected: number;
  /** Storm steps: from the first connection until every stream was open (undefined: not within a minute). */
  allOpenMs: number | undefined;
  /** Storm steps: from the drop until each lobby's stream first opened. */
  firstOpenMs: { p50: number; p99: number; max: number } | undefined;
  /**
   * Storm steps: from the drop until the instances held every stream, and half of them, by their own
   * gauge (`lobby_live_streams`, sampled every 200 ms). The lobbies' own figures above also hold the
   * time their simulated browsers, sharing these cores, took to notice.
   */
  serverAllOpenMs: number | undefined;
  serverHalfOpenMs: number | undefined;
  changes: number;
  /** Watcher list reads (HTTP) per room change, during the load. */
  listReadsPerChange: number;
  /** List pages read from the database (the rest came from the instance's cache), per room change. */
  databaseListReadsPerChange: number;
  visibleMs: { p50: number; p99: number; max: number; samples: number };
  /** (watcher, change) pairs shown, of all that should have been. */
  seen: number;
  expected: number;
  /** Watchers whose page and total equal a fresh read once the load stopped. */
  exactAtEnd: number;
  newestAtEnd: number;
  createMs: { p50: number; p99: number };
  joinMs: { p50: number; p99: number };
  creditMs: { p50: number; p99: number };
  walletNotOk: number;
  walletCodes: Record<string, number>;
  errors: number;
  errorSamples: string[];
  shedListReads: number;
  refusedStreams: number;
  /** Stream connections that failed or broke off. */
  droppedStreams: number;
  serverCpuPercent: number;
  serverPeakRssMiB: number;
}

/** The watchers run in processes of their own, as the players' browsers run on machines of their own. */
const WATCHER_PROCESSES = 2;
/**
 * The watchers stand for browsers on other machines: on these shared cores they take the CPU the
 * server leaves them (niceness 10), and what that costs them shows in commit-to-visible. In a storm
 * the clock runs at the lobbies instead: a lobby that waits for the CPU to send its request or to read
 * its answer makes the figure later exactly as a slow server would. Beside a busy core, lobbies at
 * niceness 10 got 2 to 44% of a core between them, their event loops stood still for seconds, and
 * they, not the server, set the storm's pace (docs/performance.md). There they run at the server's own
 * niceness, and contend with it for the CPU as any neighbour does.
 */
const WATCHER_NICENESS = { steady: 10, storm: 0 };

const pct = (values: number[]) => {
  const sorted = Float64Array.from(values).sort() as unknown as number[];
  return { p50: round2(percentile(sorted, 50)), p99: round2(percentile(sorted, 99)), max: round2(sorted[sorted.length - 1] ?? 0) };
};

/** How many of `ms` fall in each whole second from 0: where a storm's opens bunch and where they pause. */
function perSecond(ms: number[]): number[] {
  const counts: number[] = [];
  for (const m of ms) counts[Math.floor(m / 1000)] = (counts[Math.floor(m / 1000)] ?? 0) + 1;
  return Array.from(counts, (n) => n ?? 0);
}

async function metric(baseUrl: string, metricsToken: string, name: string): Promise<number> {
  const text = await (await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
  return text
    .split("\n")
    .filter((line) => line.startsWith(name))
    .reduce((sum, line) => sum + Number(line.split(" ").pop()), 0);
}

/** A watcher process, and a way to ask it something and await its answer of that type. */
function forkWatchers(niceness: number) {
  // WATCHER_CPU_PROFILE_DIR: each watcher process writes a CPU profile there when it exits.
  const profile = process.env.WATCHER_CPU_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.WATCHER_CPU_PROFILE_DIR}`] : [];
  const child = fork(new URL("./live-watchers.ts", import.meta.url), { execArgv: ["--conditions=react-server", "--import", "tsx", ...profile], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  os.setPriority(child.pid!, niceness);
  const waiting = new Set<(error: Error) => void>();
  child.once("exit", (code, signal) => waiting.forEach((fail) => fail(new Error(`a watcher process exited (${code ?? signal}) before it answered`))));
  const ask = <T extends FromWatchers["type"]>(message: ToWatchers, answer: T) =>
    new Promise<Extract<FromWatchers, { type: T }>>((resolve, reject) => {
      const onMessage = (m: FromWatchers) => {
        if (m.type !== answer) return;
        child.off("message", onMessage);
        waiting.delete(reject);
        resolve(m as Extract<FromWatchers, { type: T }>);
      };
      waiting.add(reject);
      child.on("message", onMessage);
      child.send(message);
    });
  return { child, ask, tell: (message: ToWatchers) => child.send(message) };
}

type Counts = { listReads: number; shed: number; streamsRefused: number; dropped: number; errors: number };
const sum = (counts: Counts[]) =>
  counts.reduce((a, c) => ({ listReads: a.listReads + c.listReads, shed: a.shed + c.shed, streamsRefused: a.streamsRefused + c.streamsRefused, dropped: a.dropped + c.dropped, errors: a.errors + c.errors }), {
    listReads: 0,
    shed: 0,
    streamsRefused: 0,
    dropped: 0,
    errors: 0,
  });

/** One live step: who watches, how they behave, and the load meanwhile. */
export interface StepPlan {
  name: string;
  tokens: string[];
  /** `old`: clients that re-read the whole list 500 ms after every room event. */
  kind?: WatcherKind;
  /** Every watcher connects at once, as after a restart, and the load runs meanwhile. */
  storm?: boolean;
  seconds: number;
  changesPerSecond: number;
  creditsPerSecond: number;
}

/** How long a storm step waits for every stream to be open before it gives up counting. */
const STORM_GIVE_UP_MS = 60_000;

async function step(plan: StepPlan, { baseUrl, walletUrl, servers, metricsToken }: { baseUrl: string; walletUrl: string; servers: NextServer[]; metricsToken: string }, actors: Actors): Promise<LiveStep> {
  const { name, tokens } = plan;
  const processes = Array.from({ length: WATCHER_PROCESSES }, () => forkWatchers(plan.storm ? WATCHER_NICENESS.storm : WATCHER_NICENESS.steady));
  try {
    const status = () => Promise.all(processes.map((p) => p.ask({ type: "status" }, "status")));
    const start = (atOnce: boolean) =>
      processes.forEach((p, i) => p.tell({ type: "start", baseUrl, tokens: tokens.filter((_, k) => k % processes.length === i), search: "", atOnce, kind: plan.kind }));
    let shown = 0;
    let allOpenMs: number | undefined;
    let firstOpenMs: LiveStep["firstOpenMs"];
    let serverAllOpenMs: number | undefined;
    let serverHalfOpenMs: number | undefined;
    let stormWatch: Promise<void> = Promise.resolve();
    let t0 = performance.now();
    if (plan.storm) {
      // The instance is up and the platform's credits already flow when the lobbies come back.
      await new LiveLoad(baseUrl, actors, walletUrl).run({ seconds: 3, changesPerSecond: 0, creditsPerSecond: plan.creditsPerSecond });
      // Every lobby lost its stream now: the storm's clock starts at the drop.
      t0 = performance.now();
      const droppedAt = performance.timeOrigin + t0;
      log(`${name}: ${tokens.length} watchers connect at once from ${processes.length} processes while the load runs`);
      processes.forEach((p) => p.tell({ type: "measure" }));
      start(true);
      const heldByServers = async () => (await Promise.all(servers.map((s) => metric(s.baseUrl, metricsToken, "lobby_live_streams ")))).reduce((a, b) => a + b, 0);
      const serverWatch = (async () => {
        while (performance.now() - t0 < STORM_GIVE_UP_MS) {
          await new Promise((r) => setTimeout(r, 200));
          const held = await heldByServers().catch(() => 0);
          if (held * 2 >= tokens.length) serverHalfOpenMs ??= round2(performance.now() - t0);
          if (held >= tokens.length) return void (serverAllOpenMs = round2(performance.now() - t0));
        }
      })();
      stormWatch = (async () => {
        await serverWatch;
        while (performance.now() - t0 < STORM_GIVE_UP_MS) {
          await new Promise((r) => setTimeout(r, 100));
          const now = await status();
          const open = now.reduce((n, s) => n + s.streaming, 0);
          if (open === tokens.length) {
            allOpenMs = round2(performance.now() - t0);
            const openedMs = now.flatMap((s) => s.openedAt).map((at) => (at ?? Infinity) - droppedAt);
            firstOpenMs = pct(openedMs);
            log(`${name}: streams first opened in each second after the drop: ${perSecond(openedMs).join(" ")}`);
            return;
          }
        }
      })();
    } else {
      log(`${name}: connecting ${tokens.length} watchers from ${processes.length} processes`);
      start(false);
      for (let waited = 0; waited < 90; waited++) {
        await new Promise((r) => setTimeout(r, 1000));
        shown = (await status()).reduce((n, s) => n + s.shown, 0);
        if (shown === tokens.length) break;
      }
    }
    const before = plan.storm ? sum([]) : sum((await status()).map((s) => s.counts));
    if (!plan.storm) log(`${name}: ${shown} of ${tokens.length} watchers show the lobby (so far ${JSON.stringify(before)}); load for ${plan.seconds} s`);
    const databaseReads = async () =>
      (await Promise.all(servers.map((s) => metric(s.baseUrl, metricsToken, 'lobby_room_list_reads_total{served="database"}')))).reduce((a, b) => a + b, 0);
    const dbReadsBefore = await databaseReads();
    const cpuBefore = servers.reduce((n, s) => n + cpuSeconds(s.child.pid!), 0);
    let peakRss = 0;
    const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, servers.reduce((n, s) => n + treeRssMiB(s.child.pid!), 0))), 1000);
    if (!plan.storm) processes.forEach((p) => p.tell({ type: "measure" }));
    const load = new LiveLoad(baseUrl, actors, walletUrl);
    const loadStarted = performance.now();
    const figures = await load.run({ seconds: plan.seconds, changesPerSecond: plan.changesPerSecond, creditsPerSecond: plan.creditsPerSecond });
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const cpu = servers.reduce((n, s) => n + cpuSeconds(s.child.pid!), 0) - cpuBefore;
    await stormWatch;
    if (plan.storm) shown = (await status()).reduce((n, s) => n + s.shown, 0);
    // Changes still on their way to the watchers: a few seconds at most. After a storm, lobbies whose
    // list read was shed read again after their backoff (up to 10 s and a half).
    await new Promise((r) => setTimeout(r, plan.storm ? 16_000 : 3000));
    clearInterval(rssTimer);
    const dbReads = (await databaseReads()) - dbReadsBefore;

    // Every watcher's page against a fresh read of the same list.
    const fresh = (await (await fetch(`${servers[0]!.baseUrl}/v1/rooms`, { headers: { "x-player-token": tokens[0]! } })).json()) as { data: RoomList };
    const results = await Promise.all(processes.map((p) => p.ask({ type: "finish", fresh: fresh.data }, "result")));
    for (const { inexact } of results) {
      if (Object.keys(inexact.kinds).length > 0) log(`${name}: pages not exact at the end, by how they differ: ${JSON.stringify(inexact)}`);
    }
    const after = sum(results.map((r) => r.counts));

    // Every watcher should show every change of every room the load made.
    const visible: number[] = [];
    for (const r of results) {
      for (const [roomId, stage, times] of r.seen) {
        const sent = load.sentAt.get(roomId)?.[stage];
        if (sent !== undefined) for (const t of times) visible.push(t - sent);
      }
    }
    const expected = [...load.sentAt.values()].reduce((n, times) => n + times.length, 0) * tokens.length;
    const create = pct(figures.createMs);
    const join = pct(figures.joinMs);
    const credit = pct(figures.creditMs);
    return {
      name,
      watchers: tokens.length,
      kind: plan.kind ?? "lobby",
      storm: plan.storm ?? false,
      connected: shown,
      allOpenMs,
      firstOpenMs,
      serverAllOpenMs,
      serverHalfOpenMs,
      changes: figures.changes,
      listReadsPerChange: round2((after.listReads - before.listReads) / Math.max(1, figures.changes)),
      databaseListReadsPerChange: round2(dbReads / Math.max(1, figures.changes)),
      visibleMs: { ...pct(visible), samples: visible.length },
      seen: visible.length,
      expected,
      exactAtEnd: results.reduce((n, r) => n + r.exact, 0),
      newestAtEnd: results.reduce((n, r) => n + r.newest, 0),
      createMs: { p50: create.p50, p99: create.p99 },
      joinMs: { p50: join.p50, p99: join.p99 },
      creditMs: { p50: credit.p50, p99: credit.p99 },
      walletNotOk: Object.entries(figures.walletCodes).reduce((n, [code, k]) => n + (code === "OK" ? 0 : k), 0),
      walletCodes: figures.walletCodes,
      errors: figures.errors + after.errors,
      errorSamples: figures.errorSamples,
      shedListReads: after.shed,
      refusedStreams: after.streamsRefused,
      droppedStreams: after.dropped,
      serverCpuPercent: round2((cpu / loadSeconds) * 100),
      serverPeakRssMiB: round2(peakRss),
    };
  } finally {
    for (const p of processes) if (p.child.exitCode === null) p.child.kill();
  }
}

function show(s: LiveStep) {
  if (s.storm) log(`  ${s.name}: every stream open after ${s.allOpenMs ?? "more than 60000"} ms (first opens p50 ${s.firstOpenMs?.p50} p99 ${s.firstOpenMs?.p99} max ${s.firstOpenMs?.max} ms); held by the server: half after ${s.serverHalfOpenMs ?? "?"} ms, all after ${s.serverAllOpenMs ?? "more than 60000"} ms; ${s.refusedStreams} opens refused, ${s.droppedStreams} connections failed`);
  log(
    `  ${s.name}: visible p50 ${s.visibleMs.p50} p99 ${s.visibleMs.p99} max ${s.visibleMs.max} ms (${s.seen}/${s.expected}); ` +
      `list reads/change ${s.listReadsPerChange} (database ${s.databaseListReadsPerChange}); create p99 ${s.createMs.p99}, credit p50 ${s.creditMs.p50} p99 ${s.creditMs.p99} ms; ` +
      `not OK ${s.walletNotOk}, errors ${s.errors}, shed ${s.shedListReads}, streams refused ${s.refusedStreams}; exact at end ${s.exactAtEnd}/${s.watchers}; CPU ${s.serverCpuPercent}%`,
  );
  return s;
}

export async function liveRun(o: LiveOptions): Promise<LiveStep[]> {
  const scratch = await createScratchDatabase(o.serverUrl);
  const handle = await openDatabase({ kind: "postgres", url: scratch.url });
  const servers: NextServer[] = [];
  const steps: LiveStep[] = [];
  try {
    const most = Math.max(...o.watchers, o.twoInstanceWatchers, o.stormWatchers, o.oldClients);
    log(`live: seeding ${o.rooms.toLocaleString("en")} rooms and ${most.toLocaleString("en")} watching players`);
    await seedBench(handle.db, { rooms: o.rooms, players: Math.max(most, 1000) });
    const tokens = Array.from({ length: most }, () => newLaunchToken());
    const expiresAt = new Date(Date.now() + 86_400_000);
    for (let i = 0; i < most; i += 1000) {
      await handle.db.insert(launchTokens).values(tokens.slice(i, i + 1000).map((t, k) => ({ tokenHash: t.hash, playerId: benchPlayer(i + k).id, expiresAt })));
    }
    await handle.db.execute(sql`analyze`);
    const adminToken = `live-admin-${Date.now()}-0123456789`;
    const metricsToken = `live-metrics-${Date.now()}-0123456789`;
    const secret = `live-signing-${Date.now()}-0123456789`;
    const actors = await prepareActors(handle.db, { players: Math.max(most, 1000), signingSecret: secret });
    const env = { DATABASE_URL: scratch.url, ADMIN_TOKEN: adminToken, METRICS_TOKEN: metricsToken, WALLET_SIGNING_SECRET: secret };
    const walletPort = await freePort(); // the platform calls the wallet lane, as docs/operations.md advises
    servers.push(await startNextServer({ ...env, WALLET_PORT: String(walletPort) }, { label: "live benchmark" }));
    const one = { baseUrl: servers[0]!.baseUrl, walletUrl: `http://127.0.0.1:${walletPort}`, servers: [servers[0]!], metricsToken };
    const plain = tokens.map((t) => t.token);
    const rates = { seconds: o.seconds, changesPerSecond: o.changesPerSecond, creditsPerSecond: o.creditsPerSecond };
    // The storm first, on the instance just started: every lobby comes back at once after a deploy.
    if (o.stormWatchers > 0) {
      const storm = { name: `${o.stormWatchers.toLocaleString("en")} lobbies reconnect at once, one instance`, tokens: plain.slice(0, o.stormWatchers), storm: true, ...rates, seconds: o.stormSeconds };
      steps.push(show(await step(storm, one, actors)));
    }
    for (const w of o.watchers) steps.push(show(await step({ name: `${w.toLocaleString("en")} watchers, one instance`, tokens: plain.slice(0, w), ...rates }, one, actors)));
    if (o.oldClients > 0) {
      const old = { name: `${o.oldClients.toLocaleString("en")} older clients, one instance`, tokens: plain.slice(0, o.oldClients), kind: "old" as const, seconds: o.seconds, changesPerSecond: 5, creditsPerSecond: 20 };
      steps.push(show(await step(old, one, actors)));
    }

    if (o.twoInstanceWatchers > 0) {
      servers.push(await startNextServer(env, { label: "second live benchmark" }));
      const proxy = await startRoundRobin(servers.map((s) => s.baseUrl), { maxSockets: Infinity });
      try {
        const two = { baseUrl: proxy.baseUrl, walletUrl: proxy.baseUrl, servers, metricsToken };
        const plan = { name: `${o.twoInstanceWatchers.toLocaleString("en")} watchers, two instances behind a proxy`, tokens: plain.slice(0, o.twoInstanceWatchers), ...rates };
        steps.push(show(await step(plan, two, actors)));
      } finally {
        await proxy.close();
      }
    }
    return steps;
  } finally {
    for (const server of servers) await stopProcess(server.child);
    await handle.close();
    await scratch.drop();
  }
}

import { readFileSync } from "node:fs";
import { setMaxListeners } from "node:events";
import { sql } from "drizzle-orm";
import { openDatabase } from "@/db/client";
import { launchTokens } from "@/db/schema";
import { newLaunchToken } from "@/lib/players/launch-token";
import type { RoomPage } from "@/lib/client/types";
import { createScratchDatabase } from "@/tests/support/scratch-database";
import { startNextServer, stopProcess, type NextServer } from "@/tests/support/next-server";
import { prepareActors } from "./actors";
import type { Actors } from "./scenarios";
import { LiveLoad, STAGES } from "./live-load";
import { Watcher } from "./live-watcher";
import { percentile, round2 } from "./load";
import { treeRssMiB } from "./memory";
import { startRoundRobin } from "./proxy";
import { benchPlayer, seedBench } from "./seed";

// `npm run bench -- --live`: W players keep the lobby open while the platform and players change
// rooms and credits arrive; for each W, how soon each watcher shows each change, what list reads it
// costs, and whether money kept its pace. One instance, then two behind a round-robin proxy.

export interface LiveOptions {
  watchers: number[];
  twoInstanceWatchers: number;
  seconds: number;
  changesPerSecond: number;
  creditsPerSecond: number;
  rooms: number;
  serverUrl: string;
}

export interface LiveStep {
  name: string;
  watchers: number;
  connected: number;
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
  serverCpuPercent: number;
  serverPeakRssMiB: number;
}

const log = (line: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);
const pct = (values: number[]) => {
  const sorted = Float64Array.from(values).sort() as unknown as number[];
  return { p50: round2(percentile(sorted, 50)), p99: round2(percentile(sorted, 99)), max: round2(sorted[sorted.length - 1] ?? 0) };
};

/** CPU seconds used so far by a process and its children (Linux /proc). */
function cpuSeconds(pid: number): number {
  const ticks = (p: number): number => {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1]!.split(" ");
      const own = Number(fields[11]) + Number(fields[12]);
      const kids = readFileSync(`/proc/${p}/task/${p}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
      return own + kids.reduce((sum, k) => sum + ticks(k), 0);
    } catch {
      return 0;
    }
  };
  return ticks(pid) / 100;
}

async function metric(baseUrl: string, adminToken: string, name: string): Promise<number> {
  const text = await (await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${adminToken}` } })).text();
  return text
    .split("\n")
    .filter((line) => line.startsWith(name))
    .reduce((sum, line) => sum + Number(line.split(" ").pop()), 0);
}

async function step(
  name: string,
  { baseUrl, servers, adminToken }: { baseUrl: string; servers: NextServer[]; adminToken: string },
  tokens: string[],
  actors: Actors,
  o: LiveOptions,
): Promise<LiveStep> {
  const stop = new AbortController();
  setMaxListeners(0, stop.signal);
  let load: LiveLoad | undefined;
  const seenStage = new Map<Watcher, Map<string, number>>();
  const visible: number[] = [];
  let measuring = false;
  const onApplied = (w: Watcher, updates: { room: { id: string } }[]) => {
    if (!measuring || !w.page) return;
    const now = performance.now();
    const mine = seenStage.get(w) ?? new Map<string, number>();
    seenStage.set(w, mine);
    for (const { room } of updates) {
      const times = load?.sentAt.get(room.id);
      const shown = w.page.rooms.find((r) => r.id === room.id);
      if (!times || !shown) continue;
      const stage = STAGES.indexOf(shown.status);
      for (let s = (mine.get(room.id) ?? -1) + 1; s <= stage && s < times.length; s++) visible.push(now - times[s]!);
      mine.set(room.id, Math.max(stage, mine.get(room.id) ?? -1));
    }
  };

  const watchers = tokens.map((token) => new Watcher(baseUrl, token, "", stop.signal, onApplied));
  log(`${name}: connecting ${watchers.length} watchers`);
  for (let i = 0; i < watchers.length; i += 250) {
    watchers.slice(i, i + 250).forEach((w) => w.start());
    await new Promise((r) => setTimeout(r, 250));
  }
  for (let waited = 0; waited < 60 && watchers.some((w) => !w.page); waited++) await new Promise((r) => setTimeout(r, 1000));
  const connected = watchers.filter((w) => w.page).length;
  log(`${name}: ${connected} of ${watchers.length} watchers show the lobby; load for ${o.seconds} s`);

  const readsBefore = watchers.reduce((n, w) => n + w.counts.listReads, 0);
  const dbReadsBefore = (await Promise.all(servers.map((s) => metric(s.baseUrl, adminToken, 'lobby_room_list_reads_total{served="database"}')))).reduce((a, b) => a + b, 0);
  const cpuBefore = servers.reduce((n, s) => n + cpuSeconds(s.child.pid!), 0);
  let peakRss = 0;
  const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, servers.reduce((n, s) => n + treeRssMiB(s.child.pid!), 0))), 1000);
  load = new LiveLoad(baseUrl, actors);
  measuring = true;
  const t0 = performance.now();
  const figures = await load.run({ seconds: o.seconds, changesPerSecond: o.changesPerSecond, creditsPerSecond: o.creditsPerSecond });
  const loadSeconds = (performance.now() - t0) / 1000;
  const cpu = servers.reduce((n, s) => n + cpuSeconds(s.child.pid!), 0) - cpuBefore;
  // Changes still on their way to the watchers: a few seconds at most.
  await new Promise((r) => setTimeout(r, 3000));
  clearInterval(rssTimer);
  measuring = false;
  const reads = watchers.reduce((n, w) => n + w.counts.listReads, 0) - readsBefore;
  const dbReads = (await Promise.all(servers.map((s) => metric(s.baseUrl, adminToken, 'lobby_room_list_reads_total{served="database"}')))).reduce((a, b) => a + b, 0) - dbReadsBefore;

  // Every watcher's page against a fresh read of the same list.
  const fresh = (await (await fetch(`${servers[0]!.baseUrl}/v1/rooms`, { headers: { "x-player-token": tokens[0]! } })).json()) as { data: RoomPage };
  const key = (p: Pick<RoomPage, "rooms" | "total">) => JSON.stringify([p.total, p.rooms.map((r) => [r.id, r.status, r.current_players])]);
  const exactAtEnd = watchers.filter((w) => w.page && key(w.page) === key(fresh.data)).length;
  const newestAtEnd = watchers.filter((w) => w.page?.rooms[0]?.id === fresh.data.rooms[0]?.id).length;
  stop.abort();

  // Every watcher should show every change of every room the load made.
  const expected = [...load.sentAt.values()].reduce((n, times) => n + times.length, 0) * watchers.length;
  const counts = watchers.map((w) => w.counts);
  const create = pct(figures.createMs);
  const join = pct(figures.joinMs);
  const credit = pct(figures.creditMs);
  return {
    name,
    watchers: watchers.length,
    connected,
    changes: figures.changes,
    listReadsPerChange: round2(reads / Math.max(1, figures.changes)),
    databaseListReadsPerChange: round2(dbReads / Math.max(1, figures.changes)),
    visibleMs: { ...pct(visible), samples: visible.length },
    seen: visible.length,
    expected,
    exactAtEnd,
    newestAtEnd,
    createMs: { p50: create.p50, p99: create.p99 },
    joinMs: { p50: join.p50, p99: join.p99 },
    creditMs: { p50: credit.p50, p99: credit.p99 },
    walletNotOk: Object.entries(figures.walletCodes).reduce((n, [code, k]) => n + (code === "OK" ? 0 : k), 0),
    walletCodes: figures.walletCodes,
    errors: figures.errors + counts.reduce((n, c) => n + c.errors, 0),
    errorSamples: figures.errorSamples,
    shedListReads: counts.reduce((n, c) => n + c.shed, 0),
    refusedStreams: counts.reduce((n, c) => n + c.streamsRefused, 0),
    serverCpuPercent: round2((cpu / loadSeconds) * 100),
    serverPeakRssMiB: round2(peakRss),
  };
}

function show(s: LiveStep) {
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
    const most = Math.max(...o.watchers, o.twoInstanceWatchers);
    log(`live: seeding ${o.rooms.toLocaleString("en")} rooms and ${most.toLocaleString("en")} watching players`);
    await seedBench(handle.db, { rooms: o.rooms, players: Math.max(most, 1000) });
    const tokens = Array.from({ length: most }, () => newLaunchToken());
    const expiresAt = new Date(Date.now() + 86_400_000);
    for (let i = 0; i < most; i += 1000) {
      await handle.db.insert(launchTokens).values(tokens.slice(i, i + 1000).map((t, k) => ({ tokenHash: t.hash, playerId: benchPlayer(i + k).id, expiresAt })));
    }
    await handle.db.execute(sql`analyze`);
    const adminToken = `live-admin-${Date.now()}-0123456789`;
    const secret = `live-signing-${Date.now()}-0123456789`;
    const actors = await prepareActors(handle.db, { players: Math.max(most, 1000), signingSecret: secret });
    const env = { DATABASE_URL: scratch.url, ADMIN_TOKEN: adminToken, WALLET_SIGNING_SECRET: secret };
    servers.push(await startNextServer(env, { label: "live benchmark" }));
    const one = { baseUrl: servers[0]!.baseUrl, servers: [servers[0]!], adminToken };
    const plain = tokens.map((t) => t.token);
    for (const w of o.watchers) steps.push(show(await step(`${w.toLocaleString("en")} watchers, one instance`, one, plain.slice(0, w), actors, o)));

    if (o.twoInstanceWatchers > 0) {
      servers.push(await startNextServer(env, { label: "second live benchmark" }));
      const proxy = await startRoundRobin(servers.map((s) => s.baseUrl), { maxSockets: Infinity });
      try {
        const two = { baseUrl: proxy.baseUrl, servers, adminToken };
        steps.push(show(await step(`${o.twoInstanceWatchers.toLocaleString("en")} watchers, two instances behind a proxy`, two, plain.slice(0, o.twoInstanceWatchers), actors, o)));
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

import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, rowsOf, type Executor } from "@/db/client";
import { LEDGER_MISMATCHES_SQL, TALLY_MISMATCHES_SQL } from "@/db/consistency";
import { createScratchDatabase } from "@/tests/support/scratch-database";
import { startNextServer, stopProcess, type NextServer } from "@/tests/support/next-server";
import { betsToRefund, prepareActors } from "./actors";
import { creditFloor, listFloor } from "./floors";
import { measure, round2, type Figures, type Scenario } from "./load";
import { memoryGrowth, sampleMemory } from "./memory";
import { parseBenchOptions, UsageError, USAGE, type BenchOptions } from "./options";
import { startRoundRobin } from "./proxy";
import { toMarkdown, toSvg, type BenchResult, type Target } from "./report";
import { scenarios, FILTER_COMBINATIONS } from "./scenarios";
import { seedBench } from "./seed";
import { log } from "./log";
import { handoffBench, liveBench, reportsBench } from "./focused";
import { keepOneCoreBusy } from "./busy-core";

// `npm run bench`: seeds a scratch PostgreSQL database, loads the production build with each
// scenario, measures the floors, memory, and two instances, then the embedded database; writes
// bench/results/<date>.md, .json and .svg. Everything runs on loopback and stops by itself.

/**
 * The throughput scenarios send thousands of calls a second with 200 launch tokens, far past what any
 * one player does: no cap on a player's open rooms, nor on their reads a second (the live steps and
 * the hostile reader run with the defaults, which they measure).
 */
const THROUGHPUT_LIMITS = { MAX_OPEN_ROOMS_PER_PLAYER: "1000000000", LOBBY_READ_RATE_PER_PLAYER: "1000000" };

const seconds = (since: number) => round2((performance.now() - since) / 1000);

function ensureBuild(o: BenchOptions) {
  if (!o.build && existsSync(".next/BUILD_ID")) {
    log(`using the production build of ${statSync(".next/BUILD_ID").mtime.toISOString()} (--build to rebuild)`);
    return;
  }
  log("building the app (next build)");
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (built.status !== 0) throw new Error("next build failed");
}

function show(f: Figures) {
  log(`  ${f.scenario.padEnd(58)} ${f.rps.toFixed(0).padStart(6)}/s  p50 ${f.p50} p95 ${f.p95} p99 ${f.p99} ms  errors ${f.errors}`);
  return f;
}

async function runAll(list: Scenario[], baseUrl: string, o: BenchOptions) {
  const results: Figures[] = [];
  for (const s of list) results.push(show(await measure(baseUrl, s, { connections: o.connections, duration: o.duration, warmup: o.warmup })));
  return results;
}

/** count(*) with the list's filters, written here independently of the app's queries. */
async function scanCount(db: Executor, combo: string): Promise<number> {
  const q = new URLSearchParams(combo);
  const result = await db.execute(sql`
    select count(*)::int as n from rooms
    where (${q.get("status")}::text is null or status = ${q.get("status")})
      and (${q.get("currency")}::text is null or currency = ${q.get("currency")})
      and (${q.get("player_limit")}::int is null or player_limit = ${q.get("player_limit")}::int)
      and (${q.get("min_bet_amount")}::numeric is null or bet_amount >= ${q.get("min_bet_amount")}::numeric)
      and (${q.get("max_bet_amount")}::numeric is null or bet_amount <= ${q.get("max_bet_amount")}::numeric)`);
  return rowsOf<{ n: number }>(result)[0]!.n;
}

async function postgresRun(o: BenchOptions) {
  const scratch = await createScratchDatabase(o.serverUrl);
  const servers: NextServer[] = [];
  const handle = await openDatabase({ kind: "postgres", url: scratch.url });
  try {
    const version = rowsOf<{ v: string }>(await handle.db.execute(sql`select split_part(version(), ' ', 2) as v`))[0]!.v;
    log(`seeding ${o.rooms.toLocaleString("en")} rooms and ${o.players.toLocaleString("en")} players into a scratch PostgreSQL ${version} database`);
    let t0 = performance.now();
    await seedBench(handle.db, { rooms: o.rooms, players: o.players });
    const seedSeconds = seconds(t0);
    log(`seeded in ${seedSeconds} s`);

    const secrets = { ADMIN_TOKEN: randomBytes(24).toString("hex"), WALLET_SIGNING_SECRET: randomBytes(24).toString("hex") };
    const actors = await prepareActors(handle.db, { players: o.players, signingSecret: secrets.WALLET_SIGNING_SECRET });
    const s = scenarios(actors);
    const env = { DATABASE_URL: scratch.url, ...secrets, ...THROUGHPUT_LIMITS };
    servers.push(await startNextServer(env, { label: "benchmark" }));
    const [a] = servers as [NextServer];

    log(`HTTP scenarios against ${a.baseUrl}`);
    const pg = await runAll([s.health, ...s.lists, ...s.others], a.baseUrl, o);
    const bets = await betsToRefund(handle.db);
    pg.push(...(bets.length ? await runAll([s.refunds(bets)], a.baseUrl, o) : []));

    log("floors: the same queries in this process, no HTTP");
    const floors = [
      show(await listFloor(handle.db, actors, { concurrency: o.connections, seconds: o.duration })),
      show(await creditFloor(handle.db, actors, { concurrency: o.connections, seconds: o.duration, deadlineMs: 5000 })),
    ];

    const listMix = s.lists[s.lists.length - 1]!;
    const details = s.others[0]!;
    const fresh = s.others.find((x) => x.name.startsWith("credit, fresh"))!;
    const mixed = s.mixed(listMix, details, fresh);
    log(`memory: ${o.soak} s of ${mixed.name}`);
    const sampler = sampleMemory(a.child.pid!);
    show(await measure(a.baseUrl, mixed, { connections: o.connections, duration: o.soak, warmup: 0 }));
    const samplesMiB = sampler.stop();
    const memory = { scenario: mixed.name, samplesMiB, ...memoryGrowth(samplesMiB) };

    log("scale-out: one, then two instances behind a round-robin proxy");
    servers.push(await startNextServer(env, { label: "second benchmark" }));
    const scaleOut = { one: [] as Figures[], two: [] as Figures[], totalsChecked: 0, totalsWrong: 0 };
    for (const [key, upstreams] of [["one", [a.baseUrl]], ["two", servers.map((x) => x.baseUrl)]] as const) {
      const proxy = await startRoundRobin([...upstreams]);
      try {
        for (const f of await runAll([listMix, fresh, mixed], proxy.baseUrl, o)) scaleOut[key].push({ ...f, scenario: `${f.scenario}, ${key}` });
        if (key === "two") {
          for (const combo of FILTER_COMBINATIONS.filter((_, i) => i % 43 === 0)) {
            const answer = await fetch(`${proxy.baseUrl}/v1/rooms?${combo}`, { headers: { "x-player-token": actors.players[0]!.token } });
            const { data } = (await answer.json()) as { data: { total: number } };
            scaleOut.totalsChecked++;
            if (data.total !== (await scanCount(handle.db, combo))) scaleOut.totalsWrong++;
          }
        }
      } finally {
        await proxy.close();
      }
    }

    for (const server of servers.splice(0)) await stopProcess(server.child);
    t0 = performance.now();
    const consistency = {
      ledgerMismatches: rowsOf(await handle.db.execute(sql.raw(LEDGER_MISMATCHES_SQL))).length,
      tallyMismatches: rowsOf(await handle.db.execute(sql.raw(TALLY_MISMATCHES_SQL))).length,
    };
    log(`consistency checked in ${seconds(t0)} s: ${consistency.ledgerMismatches} ledger and ${consistency.tallyMismatches} tally mismatches`);
    return { version, seedSeconds, pg, floors, memory, scaleOut, consistency };
  } finally {
    for (const server of servers) await stopProcess(server.child);
    await handle.close();
    await scratch.drop();
  }
}

async function embeddedRun(o: BenchOptions) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "lobby-bench-"));
  const pgliteDir = path.join(dir, "pglite");
  let server: NextServer | undefined;
  try {
    log(`embedded database: seeding ${o.embeddedRooms.toLocaleString("en")} rooms`);
    const handle = await openDatabase({ kind: "embedded", dir: pgliteDir });
    const t0 = performance.now();
    const players = Math.min(o.players, 1000);
    await seedBench(handle.db, { rooms: o.embeddedRooms, players });
    const seedSeconds = seconds(t0);
    const secrets = { ADMIN_TOKEN: randomBytes(24).toString("hex"), WALLET_SIGNING_SECRET: randomBytes(24).toString("hex") };
    const actors = await prepareActors(handle.db, { players, signingSecret: secrets.WALLET_SIGNING_SECRET });
    await handle.close();
    server = await startNextServer({ PGLITE_DIR: pgliteDir, DATABASE_URL: undefined, ...secrets, ...THROUGHPUT_LIMITS }, { label: "embedded benchmark" });
    const s = scenarios(actors);
    const chosen = [s.health, s.lists[0]!, s.lists[1]!, s.lists[s.lists.length - 1]!, ...s.others];
    return { rooms: o.embeddedRooms, seedSeconds, scenarios: await runAll(chosen, server.baseUrl, o) };
  } finally {
    if (server) await stopProcess(server.child);
    rmSync(dir, { recursive: true, force: true });
  }
}

function judge(r: Omit<BenchResult, "targets">): Target[] {
  const health = r.postgres.find((f) => f.group === "floor")!.rps;
  const lists = r.postgres.filter((f) => f.group === "list");
  const worstRatio = Math.min(...lists.map((f) => f.rps / health));
  const worstP99 = Math.max(...lists.map((f) => f.p99));
  const fresh = r.postgres.find((f) => f.scenario.startsWith("credit, fresh"))!;
  const repeats = r.postgres.find((f) => f.scenario.startsWith("credit, repeats"))!;
  const all = [...r.postgres, ...r.floors, ...r.scaleOut.one, ...r.scaleOut.two];
  const failed = all.filter((f) => f.errors > 0);
  const mixOne = r.scaleOut.one.find((f) => f.scenario.startsWith("mixed"))!;
  const mixTwo = r.scaleOut.two.find((f) => f.scenario.startsWith("mixed"))!;
  return [
    {
      name: `room list ≥ 60% of health, p99 < 100 ms (${lists.length} scenarios)`,
      met: worstRatio >= 0.6 && worstP99 < 100,
      detail: `lowest ${(worstRatio * 100).toFixed(0)}% of ${health.toFixed(0)}/s; highest p99 ${worstP99} ms`,
    },
    {
      name: "credit ≥ 50% of health, p99 < 100 ms, no errors",
      met: fresh.rps / health >= 0.5 && fresh.p99 < 100 && fresh.errors === 0,
      detail: `${(fresh.rps / health * 100).toFixed(0)}%, p99 ${fresh.p99} ms, ${fresh.errors} errors`,
    },
    { name: "credit repeats at least as fast as fresh credits", met: repeats.rps >= fresh.rps, detail: `${repeats.rps.toFixed(0)}/s against ${fresh.rps.toFixed(0)}/s` },
    { name: "no errors in any scenario", met: failed.length === 0, detail: failed.length ? failed.map((f) => `${f.scenario}: ${f.errors}`).join("; ") : `${all.reduce((n, f) => n + f.requests, 0)} answers checked` },
    {
      name: "server memory flat (second half of the soak < 5% above the first)",
      met: r.memory.growthPercent < 5,
      detail: `peaks ${r.memory.firstHalfPeakMiB} → ${r.memory.secondHalfPeakMiB} MiB`,
    },
    {
      name: "two instances: nothing breaks, totals exact",
      met: r.scaleOut.two.every((f) => f.errors === 0) && r.scaleOut.totalsWrong === 0,
      detail: `mixed load ${(mixTwo.rps / mixOne.rps).toFixed(2)}× one instance; ${r.scaleOut.totalsChecked} totals checked, ${r.scaleOut.totalsWrong} wrong`,
    },
    {
      name: "balances equal ledger sums; tallies equal counts",
      met: r.consistency.ledgerMismatches === 0 && r.consistency.tallyMismatches === 0,
      detail: `${r.consistency.ledgerMismatches} and ${r.consistency.tallyMismatches} mismatches`,
    },
  ];
}

async function main() {
  const o = parseBenchOptions(process.argv.slice(2));
  if (o === "help") return void console.log(USAGE);
  const started = performance.now();
  ensureBuild(o);
  if (o.busy) keepOneCoreBusy();
  if (o.liveOnly || o.reportsOnly || o.handoffOnly) {
    const date = new Date().toISOString().slice(0, 10);
    const held = (!o.liveOnly || (await liveBench(o, date))) && (!o.reportsOnly || (await reportsBench(o, date))) && (!o.handoffOnly || (await handoffBench(o, date)));
    if (!held) process.exitCode = 1;
    return log(`done in ${seconds(started)} s`);
  }
  const run = await postgresRun(o);
  const embedded = o.embeddedRooms > 0 ? await embeddedRun(o) : null;
  const date = new Date().toISOString().slice(0, 10);
  const partial: Omit<BenchResult, "targets"> = {
    date,
    quick: o.quick,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model.trim() ?? "unknown",
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      postgres: `PostgreSQL ${run.version}`,
      platform: `${os.type()} ${os.release()}`,
    },
    settings: { rooms: o.rooms, players: o.players, duration: o.duration, warmup: o.warmup, connections: o.connections, soak: o.soak },
    seedSeconds: run.seedSeconds,
    postgres: run.pg,
    floors: run.floors,
    memory: run.memory,
    scaleOut: run.scaleOut,
    consistency: run.consistency,
    embedded,
  };
  const result: BenchResult = { ...partial, targets: judge(partial) };
  mkdirSync(o.outDir, { recursive: true });
  const base = path.join(o.outDir, `${date}${o.quick ? "-quick" : ""}`);
  writeFileSync(`${base}.json`, JSON.stringify(result, null, 2) + "\n");
  writeFileSync(`${base}.md`, toMarkdown(result));
  writeFileSync(`${base}.svg`, toSvg(result));
  log(`done in ${seconds(started)} s; wrote ${base}.md, .json and .svg`);
  for (const t of result.targets) log(`${t.met ? "met    " : "NOT MET"} ${t.name}: ${t.detail}`);
  // Speed targets are reported, not enforced (a busy machine is slow, not wrong). Errors and
  // inconsistent money or counts are wrong on any machine: they fail the run.
  const broken = result.targets.filter((t) => !t.met && (t.name.startsWith("no errors") || t.name.startsWith("balances") || t.name.startsWith("two instances")));
  const liveHeld = await liveBench(o, date);
  const reportsHeld = await reportsBench(o, date);
  const handoffHeld = await handoffBench(o, date);
  if (broken.length || !liveHeld || !reportsHeld || !handoffHeld || embedded?.scenarios.some((f) => f.errors > 0)) process.exitCode = 1;
}

// Ends when its work does, whatever is left behind: the in-process floors read through the app's own
// modules, which open the app's database and listen on it, and an embedded database keeps a timer of
// its runtime running. A benchmark must always stop by itself.
main()
  .catch((error) => {
    console.error(error instanceof UsageError ? `${error.message}\n\n${USAGE}` : error);
    process.exitCode = 1;
  })
  .finally(() => process.exit());

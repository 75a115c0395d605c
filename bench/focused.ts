import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { doorCosts } from "./door-costs";
import { handoffMarkdown, handoffRun, judgeHandoff } from "./handoff";
import { hostileRun } from "./hostile";
import { liveRun } from "./live";
import { costsMarkdown, hostileMarkdown, judgeHostile, judgeLive, liveMarkdown, liveSvg } from "./live-report";
import { log } from "./log";
import type { BenchOptions } from "./options";
import { reportsBroken, reportsMarkdown, reportsRun } from "./reports";

// The focused benchmarks, each with results of its own beside the throughput run's: the live lobby
// (with the hostile reader and the front door's costs), the reports, and the handoff to the game.

/** The live lobby benchmark; writes <date>-live.md, .json and .svg. False when something broke (not merely slow). */
export async function liveBench(o: BenchOptions, date: string): Promise<boolean> {
  const settings = { ...o.live, serverUrl: o.serverUrl };
  const steps = await liveRun(settings);
  const hostile = o.live.hostileLedgerRows + o.live.hostileEmbeddedLedgerRows > 0 ? await hostileRun({ serverUrl: o.serverUrl, postgresLedgerRows: o.live.hostileLedgerRows, embeddedLedgerRows: o.live.hostileEmbeddedLedgerRows, seconds: o.live.seconds }) : [];
  const costs = await doorCosts(o.serverUrl);
  const targets = [...judgeLive(steps), ...judgeHostile(hostile)];
  mkdirSync(o.outDir, { recursive: true });
  const base = path.join(o.outDir, `${date}-live${o.quick ? "-quick" : ""}`);
  writeFileSync(`${base}.json`, JSON.stringify({ date, quick: o.quick, busy: o.busy, settings: o.live, steps, hostile, costs, targets }, null, 2) + "\n");
  const title = `# Live lobby benchmark ${date}${o.quick ? " (quick run: checks the harness)" : ""}${o.busy ? ", beside a process that keeps one core busy" : ""}`;
  writeFileSync(`${base}.md`, `${title}\n\n${liveMarkdown(steps, settings, targets)}\n${hostileMarkdown(hostile)}\n${costsMarkdown(costs)}\n![p99 latency against watchers](${path.basename(base)}.svg)\n`);
  writeFileSync(`${base}.svg`, liveSvg(steps, date));
  log(`wrote ${base}.md, .json and .svg`);
  for (const t of targets) log(`${t.met ? "met    " : "NOT MET"} ${t.name}: ${t.detail}`);
  // Lost changes, errors and refused money are wrong on any machine; slow is reported, not enforced.
  const lobbies = steps.filter((s) => s.kind === "lobby");
  const oldClients = steps.filter((s) => s.kind === "old");
  return (
    lobbies.every((s) => s.errors === 0 && s.walletNotOk === 0 && s.exactAtEnd === s.watchers) &&
    oldClients.every((s) => s.walletNotOk === 0) &&
    hostile.every((h) => h.walletNotOk === 0 && h.errors === 0)
  );
}

/** The reports benchmark; writes <date>-reports.md and .json. False when something broke (not merely slow). */
export async function reportsBench(o: BenchOptions, date: string): Promise<boolean> {
  const settings = { serverUrl: o.serverUrl, ledgerRows: o.ledgerRows, rooms: o.quick ? 5_000 : 100_000, players: o.players, duration: o.duration, warmup: o.warmup, connections: 2 };
  const result = await reportsRun(settings, log);
  mkdirSync(o.outDir, { recursive: true });
  const base = path.join(o.outDir, `${date}-reports${o.quick ? "-quick" : ""}`);
  const { serverUrl: _, ...shown } = settings;
  writeFileSync(`${base}.json`, JSON.stringify({ date, quick: o.quick, ...result, settings: shown }, null, 2) + "\n");
  writeFileSync(`${base}.md`, `# Reports benchmark ${date}${o.quick ? " (quick run: checks the harness)" : ""}\n\n${reportsMarkdown(result)}`);
  log(`wrote ${base}.md and .json`);
  log(
    `${result.secondReportMs < 1000 ? "met    " : "NOT MET"} the first daily report over ${o.ledgerRows.toLocaleString("en")} unsummed rows completes, the second in < 1 s: ` +
      `first ${result.firstReportMs} ms over ${result.firstReportAsks} asks, second ${result.secondReportMs} ms`,
  );
  return !reportsBroken(result);
}

/** The handoff benchmark; writes <date>-handoff.md and .json. False when something broke (not merely slow). */
export async function handoffBench(o: BenchOptions, date: string): Promise<boolean> {
  const settings = { serverUrl: o.serverUrl, seconds: o.quick ? 8 : 30, outageSeconds: o.quick ? 10 : 60, startsPerSecond: 10, creditsPerSecond: 50, platformMs: 50 };
  const result = await handoffRun(settings, log);
  const targets = judgeHandoff(result);
  mkdirSync(o.outDir, { recursive: true });
  const base = path.join(o.outDir, `${date}-handoff${o.quick ? "-quick" : ""}`);
  writeFileSync(`${base}.json`, JSON.stringify({ date, quick: o.quick, ...result, targets }, null, 2) + "\n");
  writeFileSync(`${base}.md`, `# Handoff benchmark ${date}${o.quick ? " (quick run: checks the harness)" : ""}\n\n${handoffMarkdown(result, targets)}`);
  for (const t of targets) log(`${t.met ? "met    " : "NOT MET"} ${t.name}: ${t.detail}`);
  // Speed is reported; a lost or doubled event or a failed credit is wrong on any machine.
  return targets.find((t) => t.name.startsWith("every event"))!.met;
}

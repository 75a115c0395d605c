import { existsSync } from "node:fs";
import { crashUnderLoad } from "./crash";
import { databaseLoss } from "./database-loss";
import { lastSeat } from "./last-seat";
import { slowDatabase } from "./slow-database";
import { twoInstances } from "./two-instances";
import type { Report } from "./support/report";

// `npm run test:faults`: the fault suite. Each fault starts the production build (`npm run build`
// first) on a database of its own, on loopback, and stops by itself; it prints its figures and
// checks, and the run fails if any check fails. `-- --only 2a,5` runs some of them.

const serverUrl = process.env.FAULTS_DATABASE_URL ?? process.env.DATABASE_URL_TEST ?? "postgres://postgres@127.0.0.1:5432/postgres";

const faults: { n: string; title: string; run: () => Promise<Report> }[] = [
  { n: "1", title: "Two instances on one PostgreSQL, every transfer sent three times at once", run: () => twoInstances(serverUrl) },
  { n: "2a", title: "Crash under load (kill -9, restart) on PostgreSQL", run: () => crashUnderLoad("postgres", serverUrl) },
  { n: "2b", title: "Crash under load (kill -9, restart) on the embedded database", run: () => crashUnderLoad("embedded", serverUrl) },
  { n: "3", title: "Database loss: connections terminated, then PostgreSQL stopped and started", run: () => databaseLoss() },
  { n: "4", title: "Slow database: a player's row held locked by another session", run: () => slowDatabase(serverUrl) },
  { n: "5", title: "Last seat: 20 players join a 4-seat room at once, 10 rounds", run: () => lastSeat(serverUrl) },
];

function onlyArgument(): Set<string> | undefined {
  const at = process.argv.indexOf("--only");
  return at < 0 ? undefined : new Set(process.argv[at + 1]!.split(","));
}

async function main() {
  if (!existsSync(".next/BUILD_ID")) {
    console.error("The fault suite runs the production build: run `npm run build` first.");
    process.exit(2);
  }
  const only = onlyArgument();
  console.log(`Fault suite on PostgreSQL at ${new URL(serverUrl).host}, ${new Date().toISOString()}`);
  let failed = 0;
  for (const fault of faults.filter((f) => !only || only.has(f.n))) {
    console.log(`\n== Fault ${fault.n}. ${fault.title}`);
    const started = Date.now();
    let report: Report;
    let timer: NodeJS.Timeout | undefined;
    try {
      // Every fault stops by itself; one that does not within this is a failure, not a hang.
      const limit = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("did not finish within 10 minutes")), 600_000)));
      report = await Promise.race([fault.run(), limit]);
    } catch (error) {
      console.log(`   FAILED to run: ${(error as Error).stack ?? error}`);
      failed++;
      continue;
    } finally {
      clearTimeout(timer);
    }
    const width = Math.max(...report.figures.map(([label]) => label.length));
    for (const [label, value] of report.figures) console.log(`   ${label.padEnd(width)}  ${value}`);
    for (const c of report.checks) console.log(`   ${c.ok ? "pass" : "FAIL"}  ${c.what}${c.ok ? "" : `: ${c.detail}`}`);
    console.log(`   ${report.passed ? "passed" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    if (!report.passed) failed++;
  }
  console.log(failed === 0 ? "\nEvery fault passed." : `\n${failed} fault(s) failed.`);
  process.exit(failed === 0 ? 0 : 1);
}

void main();

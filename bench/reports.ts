import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { openDatabase, rowsOf, type Executor } from "@/db/client";
import { LEDGER_MISMATCHES_SQL } from "@/db/consistency";
import { Decimal } from "@/lib/money/decimal";
import { createScratchDatabase } from "@/tests/support/scratch-database";
import { startNextServer, stopProcess, type NextServer } from "@/tests/support/next-server";
import { prepareActors } from "./actors";
import { measure, round2, type Figures, type Scenario } from "./load";
import { scenarios } from "./scenarios";
import { seedBench, seedLedgerHistory } from "./seed";

// The console's reports over a large ledger (`npm run bench -- --reports`, and part of the full run):
// a month of history seeded into a scratch PostgreSQL database, then the daily report, the ledger
// export and the dashboard as finance and the console ask for them, a few at a time; and the
// wallet's credits alone and while those reports run, since money comes first.

export interface ReportsSettings {
  serverUrl: string;
  ledgerRows: number;
  rooms: number;
  players: number;
  duration: number;
  warmup: number;
  /** Report readers at once: a few people and consoles, not a crowd. */
  connections: number;
}

export interface ReportsResult {
  settings: ReportsSettings;
  seedSeconds: number;
  /**
   * The first report: every closed day summed into ledger_days, a day at a time. Asked again while the
   * answer is "busy, days are being summed" (503 with Retry-After), as the console does; the time is
   * the whole, and `firstReportAsks` how many asks it took.
   */
  firstReportMs: number;
  firstReportAsks: number;
  /** The same report again, with every closed day kept. */
  secondReportMs: number;
  scenarios: Figures[];
  /** Credits alone, then while reports and exports run. */
  credits: { alone: Figures; underReports: Figures; reportsMeanwhile: Figures[] };
  /** The month's report summed, against the ledger summed directly: differences to the cent. */
  reconciliation: { checked: string[]; wrong: string[] };
  ledgerMismatches: number;
}

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

export async function reportsRun(s: ReportsSettings, log: (line: string) => void): Promise<ReportsResult> {
  const scratch = await createScratchDatabase(s.serverUrl);
  const handle = await openDatabase({ kind: "postgres", url: scratch.url });
  let server: NextServer | undefined;
  try {
    log(`reports: seeding ${s.rooms.toLocaleString("en")} rooms, ${s.players.toLocaleString("en")} players and ${s.ledgerRows.toLocaleString("en")} ledger rows over 30 days`);
    const t0 = performance.now();
    await seedBench(handle.db, { rooms: s.rooms, players: s.players });
    await seedLedgerHistory(handle.db, { rows: s.ledgerRows, players: s.players, rooms: s.rooms });
    await handle.db.execute(sql`vacuum analyze`);
    const seedSeconds = round2((performance.now() - t0) / 1000);
    log(`reports: seeded in ${seedSeconds} s`);

    const secrets = { ADMIN_TOKEN: randomBytes(24).toString("hex"), WALLET_SIGNING_SECRET: randomBytes(24).toString("hex") };
    const actors = await prepareActors(handle.db, { players: s.players, signingSecret: secrets.WALLET_SIGNING_SECRET });
    server = await startNextServer({ DATABASE_URL: scratch.url, ...secrets }, { label: "reports benchmark" });
    const admin = { authorization: `Bearer ${secrets.ADMIN_TOKEN}` };
    const get = (path: string) => () => ({ method: "GET" as const, path, headers: admin });

    const month = `from=${day(29)}&to=${day(0)}`;
    let started = performance.now();
    let first = await fetch(`${server.baseUrl}/v1/admin/reports/daily?${month}`, { headers: admin });
    let firstReportAsks = 1;
    for (; first.status === 503 && firstReportAsks < 100; firstReportAsks++) {
      log(`reports: the first report is still summing closed days: ${((await first.json()) as { message: string }).message}`);
      await new Promise((r) => setTimeout(r, 1000 * Number(first.headers.get("retry-after") ?? 1)));
      first = await fetch(`${server.baseUrl}/v1/admin/reports/daily?${month}`, { headers: admin });
    }
    const monthReport = (await first.json()) as { data: { days: { currency: string; bets: string; wins: string; refunds: string; deposits: string }[] } };
    const firstReportMs = round2(performance.now() - started);
    log(`reports: the first report (keeps every closed day) took ${firstReportMs} ms over ${firstReportAsks} asks`);
    started = performance.now();
    const second = await fetch(`${server.baseUrl}/v1/admin/reports/daily?${month}`, { headers: admin });
    if (!second.ok) throw new Error(`the second report answered ${second.status}`);
    await second.arrayBuffer();
    const secondReportMs = round2(performance.now() - started);
    log(`reports: the second report took ${secondReportMs} ms`);

    const reconciliation = await reconcile(handle.db, monthReport.data.days, day(29));
    const list: Scenario[] = [
      { name: "daily report, 30 days, every currency", group: "report", next: get(`/v1/admin/reports/daily?${month}`) },
      { name: "daily report, a year, one currency, CSV", group: "report", next: get(`/v1/admin/reports/daily?from=${day(365)}&to=${day(0)}&currency=EUR&format=csv`) },
      { name: "ledger export, one day (CSV)", group: "report", next: get(`/v1/admin/reports/ledger?from=${day(1)}&to=${day(1)}`) },
      { name: "dashboard, last 24 hours by hour", group: "report", next: get("/v1/admin/dashboard?by=hour") },
      { name: "dashboard, last 30 days by day", group: "report", next: get("/v1/admin/dashboard?by=day") },
    ];
    const o = { connections: s.connections, duration: s.duration, warmup: s.warmup };
    const results: Figures[] = [];
    for (const scenario of list) {
      results.push(await measure(server.baseUrl, scenario, o));
      log(`  ${scenario.name.padEnd(48)} ${results.at(-1)!.rps}/s p50 ${results.at(-1)!.p50} p99 ${results.at(-1)!.p99} ms errors ${results.at(-1)!.errors}`);
    }

    const credit = scenarios(actors).others.find((x) => x.name.startsWith("credit, fresh"))!;
    const alone = await measure(server.baseUrl, credit, { ...o, connections: 4 });
    started = performance.now();
    const [underReports, ...reportsMeanwhile] = await Promise.all([
      measure(server.baseUrl, { ...credit, name: "credit, fresh transfer ids, while reports run" }, { ...o, connections: 4 }),
      measure(server.baseUrl, list[2]!, o),
      measure(server.baseUrl, list[4]!, o),
    ]);
    log(`reports: credits alone p99 ${alone.p99} ms; while reports run p99 ${underReports.p99} ms (${round2(performance.now() - started)} ms)`);

    const ledgerMismatches = rowsOf(await handle.db.execute(sql.raw(LEDGER_MISMATCHES_SQL))).length;
    return { settings: s, seedSeconds, firstReportMs, firstReportAsks, secondReportMs, scenarios: results, credits: { alone, underReports: underReports!, reportsMeanwhile }, reconciliation, ledgerMismatches };
  } finally {
    if (server) await stopProcess(server.child);
    await handle.close();
    await scratch.drop();
  }
}

/** Each currency's month of bets, wins, refunds and deposits, from the report and from the ledger directly. */
async function reconcile(db: Executor, days: { currency: string; bets: string; wins: string; refunds: string; deposits: string }[], from: string) {
  const direct = rowsOf<{ currency: string; kind: string; amount: string }>(
    await db.execute(sql`select currency, kind, sum(amount)::text as amount from ledger_entries where created_at >= ${from}::date::timestamp at time zone 'UTC' group by 1, 2`),
  );
  const columns = { debit: "bets", credit: "wins", refund: "refunds", deposit: "deposits" } as const;
  const checked: string[] = [];
  const wrong: string[] = [];
  for (const row of direct) {
    const column = columns[row.kind as keyof typeof columns];
    const reported = days.filter((d) => d.currency === row.currency).reduce((t, d) => t.plus(d[column]), new Decimal(0));
    checked.push(`${row.currency} ${column}`);
    if (!reported.equals(row.amount)) wrong.push(`${row.currency} ${column}: report ${reported.toFixed()} against ledger ${row.amount}`);
  }
  return { checked, wrong };
}

const row = (f: Figures) => `| ${f.scenario} | ${f.rps} | ${f.p50} | ${f.p95} | ${f.p99} | ${f.max} | ${f.requests} | ${f.errors} |`;

export function reportsMarkdown(r: ReportsResult): string {
  const head = "| scenario | requests/s | p50 ms | p95 ms | p99 ms | max ms | requests | errors |\n| --- | --- | --- | --- | --- | --- | --- | --- |";
  return `## Reports and dashboard (\`--reports\`)

Data: ${r.settings.ledgerRows.toLocaleString("en")} ledger rows over 30 days (bets in ${r.settings.rooms.toLocaleString("en")} rooms with their rake, their wins or refunds), ${r.settings.players.toLocaleString("en")} players; seeded in ${r.seedSeconds} s.
Load: ${r.settings.connections} readers at once, ${r.settings.duration} s per scenario after ${r.settings.warmup} s of warm-up. An instance runs one report at a time (the others wait their turn), so a reader's latency includes the wait.

The first report, which sums every closed day into \`ledger_days\` a day at a time: ${r.firstReportMs} ms over ${r.firstReportAsks} ${r.firstReportAsks === 1 ? "ask" : "asks"} (each ask sums for at most one database timeout, keeps what it summed and answers 503 with Retry-After until it is done). The same report again: ${r.secondReportMs} ms.

${head}
${r.scenarios.map(row).join("\n")}

Credits (4 connections), alone and while two readers loop the day's ledger export and the monthly dashboard:

${head}
${[r.credits.alone, r.credits.underReports, ...r.credits.reportsMeanwhile].map(row).join("\n")}

Reconciliation: the month's report summed per currency against the ledger summed directly, ${r.reconciliation.checked.length} sums: ${r.reconciliation.wrong.length ? r.reconciliation.wrong.join("; ") : "all equal to the cent"}.
Players whose balance differs from their ledger afterwards: ${r.ledgerMismatches}.
`;
}

/** Wrong on any machine (not merely slow): errors, a report that does not reconcile, balances off their ledgers. */
export const reportsBroken = (r: ReportsResult) =>
  [...r.scenarios, r.credits.alone, r.credits.underReports, ...r.credits.reportsMeanwhile].some((f) => f.errors > 0) || r.reconciliation.wrong.length > 0 || r.reconciliation.checked.length === 0 || r.ledgerMismatches > 0;

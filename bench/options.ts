import { parseArgs } from "node:util";

// `npm run bench -- [flags]`: the full run by default; --quick for a short run that checks the harness.

export interface BenchOptions {
  quick: boolean;
  /** Rooms and players seeded into the PostgreSQL scratch database. */
  rooms: number;
  players: number;
  /** Rooms seeded for the shorter run on the embedded database (0 skips it). */
  embeddedRooms: number;
  /** Seconds of measured load per scenario, after a warm-up that is not measured. */
  duration: number;
  warmup: number;
  /** Seconds of the mixed load during which the server's memory is sampled. */
  soak: number;
  connections: number;
  /** A PostgreSQL server the benchmark may create and drop a scratch database on. */
  serverUrl: string;
  build: boolean;
  outDir: string;
  /** The live lobby benchmark (bench/live.ts): with --live alone, nothing else runs. */
  live: LiveSettings;
  liveOnly: boolean;
  /** The reports benchmark (bench/reports.ts): with --reports alone, nothing else runs. */
  ledgerRows: number;
  reportsOnly: boolean;
  /** The handoff benchmark (bench/handoff.ts): with --handoff alone, nothing else runs. */
  handoffOnly: boolean;
  /** Another process keeps one core busy throughout, as on a newcomer's laptop or a shared host. */
  busy: boolean;
}

export interface LiveSettings {
  /** Lobbies that connect all at once, as after a restart (0 skips the step), and its seconds of load. */
  stormWatchers: number;
  stormSeconds: number;
  watchers: number[];
  /** Older clients that re-read the whole list after every room event (0 skips the step). */
  oldClients: number;
  twoInstanceWatchers: number;
  seconds: number;
  changesPerSecond: number;
  creditsPerSecond: number;
  rooms: number;
  /** The hostile reader's ledger on PostgreSQL (0 skips it) and on the embedded database (0 skips that). */
  hostileLedgerRows: number;
  hostileEmbeddedLedgerRows: number;
}

const USAGE = `Usage: npm run bench -- [options]

  --quick                 a short run (about 2 minutes) that checks the harness; results go to *-quick files
  --rooms N               rooms to seed on PostgreSQL (default 1000000; quick 20000)
  --players N             players to seed (default 10000; quick 1000)
  --embedded-rooms N      rooms for the embedded-database run, 0 to skip (default 100000; quick 5000)
  --duration S            measured seconds per scenario (default 10; quick 2)
  --soak S                seconds of mixed load for the memory check (default 60; quick 5)
  --connections N         concurrent HTTP connections (default 10)
  --database-url URL      PostgreSQL server for the scratch database
                          (default $BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
  --live                  only the live lobby benchmark: watchers with the lobby open while rooms change
                          and credits arrive (part of the full run too)
  --storm N               lobbies that reconnect at once to a fresh instance, 0 to skip (default 2000; quick 50)
  --watchers N,N,...      watchers per live step on one instance (default 100,1000,2000,5000; quick 50)
  --old-clients N         older clients that re-read the list after every room event, 0 to skip
                          (default 1000; quick 50)
  --live-seconds S        seconds of load per live step (default 15; quick 3)
  --hostile-ledger-rows N  ledger rows under the hostile reader on PostgreSQL, 0 to skip (default 1000000;
                          quick 20000)
  --hostile-embedded-ledger-rows N
                          the same on the embedded database, 0 to skip (default 300000; quick 10000)
  --two-instances N       watchers of the live step on two instances behind a proxy, 0 to skip
                          (default 2000; quick 50)
  --reports               only the reports benchmark: the daily report, the ledger export and the
                          dashboard over a month of ledger history (part of the full run too)
  --ledger-rows N         ledger rows of that history (default 1000000; quick 20000)
  --handoff               only the handoff benchmark: room events pushed to a platform while rooms start
                          and credits arrive, and a platform outage (part of the full run too)
  --busy                  keep one core busy with another process throughout: targets with margin
  --build                 run \`next build\` first (it runs anyway when there is no build)
  --out DIR               where results are written (default bench/results)
`;

function whole(name: string, value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`--${name} must be a whole number of at least ${min}, not "${value}".`);
  return n;
}

export class UsageError extends Error {}

function watcherCounts(value: string | undefined, fallback: number[]): number[] {
  if (value === undefined) return fallback;
  const counts = value.split(",").map((part) => whole("watchers", part.trim(), 0, 1));
  if (counts.some((n) => n > 10_000)) throw new UsageError("--watchers takes at most 10000 per step.");
  return counts;
}

export function parseBenchOptions(argv: string[]): BenchOptions | "help" {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      quick: { type: "boolean", default: false },
      rooms: { type: "string" },
      players: { type: "string" },
      "embedded-rooms": { type: "string" },
      duration: { type: "string" },
      soak: { type: "string" },
      connections: { type: "string" },
      "database-url": { type: "string" },
      build: { type: "boolean", default: false },
      live: { type: "boolean", default: false },
      watchers: { type: "string" },
      storm: { type: "string" },
      "old-clients": { type: "string" },
      "hostile-ledger-rows": { type: "string" },
      "hostile-embedded-ledger-rows": { type: "string" },
      "live-seconds": { type: "string" },
      "two-instances": { type: "string" },
      reports: { type: "boolean", default: false },
      "ledger-rows": { type: "string" },
      handoff: { type: "boolean", default: false },
      busy: { type: "boolean", default: false },
      out: { type: "string", default: "bench/results" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) return "help";
  const quick = values.quick!;
  const duration = whole("duration", values.duration, quick ? 2 : 10, 1);
  return {
    quick,
    rooms: whole("rooms", values.rooms, quick ? 20_000 : 1_000_000, 100),
    players: whole("players", values.players, quick ? 1_000 : 10_000, 100),
    embeddedRooms: whole("embedded-rooms", values["embedded-rooms"], quick ? 5_000 : 100_000),
    duration,
    warmup: quick ? 1 : 2,
    soak: whole("soak", values.soak, quick ? 5 : 60, 1),
    connections: whole("connections", values.connections, 10, 1),
    serverUrl: values["database-url"] ?? process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    build: values.build!,
    outDir: values.out!,
    live: {
      stormWatchers: whole("storm", values.storm, quick ? 50 : 2000),
      stormSeconds: quick ? 5 : 12,
      watchers: watcherCounts(values.watchers, quick ? [50] : [100, 1000, 2000, 5000]),
      oldClients: whole("old-clients", values["old-clients"], quick ? 50 : 1000),
      twoInstanceWatchers: whole("two-instances", values["two-instances"], quick ? 50 : 2000),
      seconds: whole("live-seconds", values["live-seconds"], quick ? 3 : 15, 1),
      changesPerSecond: 10,
      creditsPerSecond: 50,
      rooms: quick ? 5_000 : 20_000,
      hostileLedgerRows: whole("hostile-ledger-rows", values["hostile-ledger-rows"], quick ? 20_000 : 1_000_000),
      hostileEmbeddedLedgerRows: whole("hostile-embedded-ledger-rows", values["hostile-embedded-ledger-rows"], quick ? 10_000 : 300_000),
    },
    liveOnly: values.live!,
    ledgerRows: whole("ledger-rows", values["ledger-rows"], quick ? 20_000 : 1_000_000, 2),
    reportsOnly: values.reports!,
    handoffOnly: values.handoff!,
    busy: values.busy!,
  };
}

export { USAGE };

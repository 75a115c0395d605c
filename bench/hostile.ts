import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "@/db/client";
import { pgErrorCode } from "@/db/errors";
import { issueLaunchToken } from "@/lib/players/issue-launch-token";
import { largeLobbyIds, seedLargeLobby } from "@/tests/support/large-lobby";
import { createScratchDatabase } from "@/tests/support/scratch-database";
import { startNextServer, stopProcess } from "@/tests/support/next-server";
import { LiveLoad } from "./live-load";
import { percentile, round2 } from "./load";
import { log } from "./log";

// One hostile player (`--live`): a single launch token holding 16 calls of the most expensive player
// read open, over and over, on a large ledger, while the platform's credits arrive at 50 a second.
// Money must not notice. Run on PostgreSQL (1 M ledger rows) and on the embedded database (300 k).

export interface HostileSettings {
  serverUrl: string;
  /** Ledger rows on PostgreSQL and on the embedded database. */
  postgresLedgerRows: number;
  embeddedLedgerRows: number;
  seconds: number;
}

export interface HostileResult {
  database: "postgres" | "embedded";
  ledgerRows: number;
  seedSeconds: number;
  /** Credits with nobody else about, then with the hostile reader. */
  creditAloneMs: { p50: number; p99: number };
  creditMs: { p50: number; p99: number };
  walletNotOk: number;
  /** The hostile reader's answers by HTTP status, and the read's own latency when served. */
  reads: Record<string, number>;
  readMs: { p50: number; p99: number };
  errors: number;
}

/** Calls held open at once by the one hostile token. */
const HOSTILE_CALLS = 16;
const CREDITS_PER_SECOND = 50;
const INSUFFICIENT_PRIVILEGE = "42501";
/** Players of the large lobby: credits go to many, so that no one player's lock is the bottleneck. */
const PLAYERS = 1000;
/** Ledger rows per seeded room, about: bets, a win, now and then a refund (tests/support/large-lobby.ts). */
const ROWS_PER_ROOM = 3.3;

const pct = (values: number[]) => {
  const sorted = Float64Array.from(values).sort() as unknown as number[];
  return { p50: round2(percentile(sorted, 50)), p99: round2(percentile(sorted, 99)) };
};

async function seed(handle: DatabaseHandle, ledgerRows: number, database: HostileResult["database"]) {
  const rooms = Math.ceil(ledgerRows / ROWS_PER_ROOM);
  await seedLargeLobby(handle.db, { rooms, players: PLAYERS });
  if (database === "postgres") {
    // A million rows just written leave PostgreSQL vacuuming them and writing them out for minutes:
    // done here, so that what is timed is the server, not the seed's aftermath.
    await handle.db.execute(sql`vacuum analyze`);
    await handle.db.execute(sql`checkpoint`).catch((error: unknown) => {
      // CHECKPOINT needs a superuser or the pg_checkpoint role, which a test login may lack.
      if (pgErrorCode(error) !== INSUFFICIENT_PRIVILEGE) throw error;
      log("hostile reader: this login may not CHECKPOINT (it needs pg_checkpoint), so the seed's writes may still run while credits are timed");
    });
  }
  // The hostile player: the creator of the room whose result is read, and a token of their own.
  const { token } = await issueLaunchToken(handle.db, { playerId: largeLobbyIds.player(0), ttlSeconds: 86_400, origin: "http://bench.invalid" });
  // A finished room with a refund under another round id: the result's fullest case.
  return { token, roomId: largeLobbyIds.room(10) };
}

async function measure(baseUrl: string, signingSecret: string, seconds: number, hostile?: { token: string; roomId: string }) {
  const actors = {
    players: [],
    walletPlayers: Array.from({ length: PLAYERS }, (_, p) => ({ id: largeLobbyIds.player(p), currency: largeLobbyIds.currencyOfPlayer(p) })),
    roomIds: [],
    signingSecret,
  };
  const stop = new AbortController();
  const reads: Record<string, number> = {};
  const readMs: number[] = [];
  const reader = async () => {
    while (!stop.signal.aborted) {
      const t0 = performance.now();
      try {
        const response = await fetch(`${baseUrl}/v1/rooms/${hostile!.roomId}/result`, { headers: { "x-player-token": hostile!.token }, signal: stop.signal });
        await response.arrayBuffer();
        reads[response.status] = (reads[response.status] ?? 0) + 1;
        if (response.ok) readMs.push(performance.now() - t0);
      } catch {
        if (!stop.signal.aborted) reads.failed = (reads.failed ?? 0) + 1;
      }
    }
  };
  const readers = hostile ? Array.from({ length: HOSTILE_CALLS }, reader) : [];
  // Let the readers reach their pace before money is timed.
  if (hostile) await new Promise((r) => setTimeout(r, 1000));
  const figures = await new LiveLoad(baseUrl, actors).run({ seconds, changesPerSecond: 0, creditsPerSecond: CREDITS_PER_SECOND });
  stop.abort();
  await Promise.allSettled(readers);
  return { figures, reads, readMs };
}

async function run(database: HostileResult["database"], ledgerRows: number, o: HostileSettings): Promise<HostileResult> {
  const signingSecret = `hostile-signing-${Date.now()}-0123456789`;
  const adminToken = `hostile-admin-${Date.now()}-0123456789`;
  const scratch = database === "postgres" ? await createScratchDatabase(o.serverUrl) : undefined;
  const dir = database === "embedded" ? mkdtempSync(path.join(tmpdir(), "lobby-hostile-")) : undefined;
  try {
    const target = scratch ? { kind: "postgres" as const, url: scratch.url } : { kind: "embedded" as const, dir: dir! };
    log(`hostile reader, ${database}: seeding about ${ledgerRows.toLocaleString("en")} ledger rows`);
    const t0 = performance.now();
    const handle = await openDatabase(target);
    const hostile = await seed(handle, ledgerRows, database).finally(() => handle.close());
    const seedSeconds = round2((performance.now() - t0) / 1000);
    const env = scratch ? { DATABASE_URL: scratch.url } : { PGLITE_DIR: dir!, DATABASE_URL: "" };
    const server = await startNextServer({ ...env, ADMIN_TOKEN: adminToken, WALLET_SIGNING_SECRET: signingSecret }, { label: `hostile reader, ${database}` });
    try {
      // A fresh instance loads its routes and warms up on its first calls: not what is measured.
      await measure(server.baseUrl, signingSecret, 3);
      const alone = await measure(server.baseUrl, signingSecret, o.seconds);
      const withHostile = await measure(server.baseUrl, signingSecret, o.seconds, hostile);
      const f = withHostile.figures;
      const result: HostileResult = {
        database,
        ledgerRows,
        seedSeconds,
        creditAloneMs: pct(alone.figures.creditMs),
        creditMs: pct(f.creditMs),
        walletNotOk: Object.entries(f.walletCodes).reduce((n, [code, k]) => n + (code === "OK" ? 0 : k), 0) + alone.figures.errors,
        reads: withHostile.reads,
        readMs: pct(withHostile.readMs),
        errors: f.errors,
      };
      log(
        `  hostile reader, ${database}: credit p50 ${result.creditMs.p50} p99 ${result.creditMs.p99} ms (alone p99 ${result.creditAloneMs.p99} ms); ` +
          `reads ${JSON.stringify(result.reads)}, served p99 ${result.readMs.p99} ms; not OK ${result.walletNotOk}, errors ${result.errors}`,
      );
      return result;
    } finally {
      await stopProcess(server.child);
    }
  } finally {
    await scratch?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

export async function hostileRun(o: HostileSettings): Promise<HostileResult[]> {
  const results: HostileResult[] = [];
  if (o.postgresLedgerRows > 0) results.push(await run("postgres", o.postgresLedgerRows, o));
  if (o.embeddedLedgerRows > 0) results.push(await run("embedded", o.embeddedLedgerRows, o));
  return results;
}

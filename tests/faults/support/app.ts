import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "@/db/client";
import { findInconsistencies } from "@/db/consistency";
import { startNextServer, type NextServer } from "../../support/next-server";
import { FAULT_ADMIN_TOKEN, FAULT_WALLET_SECRET } from "./platform";

// The app as the fault tests run it: the production build under `next start`, on a database of the
// test's own, and the questions asked of that database once the dust has settled.

export type Store = { kind: "postgres"; url: string } | { kind: "embedded"; dir: string };

export function startApp(store: Store, { port, env = {} }: { port?: number; env?: Record<string, string> } = {}): Promise<NextServer> {
  const database = store.kind === "postgres" ? { DATABASE_URL: store.url } : { PGLITE_DIR: store.dir, DATABASE_URL: undefined };
  return startNextServer(
    { ...database, ADMIN_TOKEN: FAULT_ADMIN_TOKEN, WALLET_SIGNING_SECRET: FAULT_WALLET_SECRET, ...env },
    { label: "fault-test app", port, logFile: process.env.FAULTS_APP_LOG },
  );
}

export interface Player {
  id: string;
  token: string;
}

/** What the lobby API answered: the envelope's code on an error, its data on success. */
export interface LobbyAnswer {
  status: number;
  body: { type?: string; code?: string; data?: { id: string; current_players: number } };
}

/** One lobby API call as the player, given up after 15 s so that a fault can never hang the suite. */
export async function lobbyCall(baseUrl: string, player: Player, method: string, path: string, body?: unknown): Promise<LobbyAnswer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { "x-player-token": player.token, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  return { status: response.status, body: (await response.json()) as LobbyAnswer["body"] };
}

async function admin(baseUrl: string, path: string, body: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${FAULT_ADMIN_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const answer = (await response.json()) as { data: Record<string, string> };
  if (response.status !== 201) throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** Registers players through the admin API, each with a balance and a launch token. */
export async function createPlayers(baseUrl: string, count: number, balance = "0.00"): Promise<Player[]> {
  const players: Player[] = [];
  for (let n = 0; n < count; n++) {
    const made = await admin(baseUrl, "/v1/admin/players", { username: `fault_${Date.now()}_${n}`, currency: "USD", balance });
    const issued = await admin(baseUrl, `/v1/admin/players/${made.id}/tokens`, {});
    players.push({ id: made.id!, token: issued.token! });
  }
  return players;
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

export interface LedgerState {
  /** How many credit rows each transfer_id has. */
  creditsPerTransfer: Map<string, number>;
  creditRows: number;
  /** When each transfer's credit was written, in ms since the epoch. */
  writtenAt: Map<string, number>;
  balances: Map<string, string>;
  /** What the database-wide checks found (db/consistency.ts): balances, accounts, pots, kept days, rooms. */
  inconsistencies: string[];
}

/** Reads the ledger straight from the database (the app must be stopped first on the embedded one). */
export async function readLedger(store: Store): Promise<LedgerState> {
  const handle: DatabaseHandle = await openDatabase(store.kind === "postgres" ? { kind: "postgres", url: store.url } : { kind: "embedded", dir: store.dir });
  try {
    const credits = rowsOf<{ transfer_id: string; n: number; written: string }>(
      await handle.db.execute(
        sql`select transfer_id, count(*)::int as n, (extract(epoch from min(created_at)) * 1000)::bigint::text as written
            from ledger_entries where kind = 'credit' group by transfer_id`,
      ),
    );
    const balances = rowsOf<{ id: string; balance: string }>(await handle.db.execute(sql`select id, (real_balance + bonus_balance)::text as balance from players`));
    const inconsistencies = await findInconsistencies(handle.db);
    return {
      creditsPerTransfer: new Map(credits.map((r) => [r.transfer_id, Number(r.n)])),
      creditRows: credits.reduce((sum, r) => sum + Number(r.n), 0),
      writtenAt: new Map(credits.map((r) => [r.transfer_id, Number(r.written)])),
      balances: new Map(balances.map((r) => [r.id, r.balance])),
      inconsistencies,
    };
  } finally {
    await handle.close();
  }
}

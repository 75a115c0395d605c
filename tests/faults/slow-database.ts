import postgres from "postgres";
import { stopProcess } from "../support/next-server";
import { createScratchDatabase } from "../support/scratch-database";
import { createPlayers, readLedger, startApp, type Player } from "./support/app";
import { creditBody, sendCredit, Tally } from "./support/platform";
import { Report } from "./support/report";

const DEADLINE_MS = 1000;
// What the deadline may be overrun by: the round trip and a busy machine, not a second wait.
const SLACK_MS = 1500;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: Math.round(performance.now() - started) };
}

async function lobbyCall(baseUrl: string, player: Player, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { "x-player-token": player.token, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as { code?: string; type?: string; data?: { id: string; current_players: number } } };
}

/**
 * Fault 4: another session holds a player's row locked. The wallet must answer ERR_TIMEOUT within its
 * deadline and commit nothing; the lobby must answer 503 in the error envelope, not hang.
 */
export async function slowDatabase(serverUrl: string): Promise<Report> {
  const report = new Report();
  const scratch = await createScratchDatabase(serverUrl);
  const store = { kind: "postgres", url: scratch.url } as const;
  const app = await startApp(store, { env: { WALLET_DEADLINE_MS: String(DEADLINE_MS), DATABASE_TIMEOUT_MS: String(DEADLINE_MS) } });
  const holder = postgres(scratch.url, { max: 1, onnotice: () => {} });
  try {
    const [victim, host] = await createPlayers(app.baseUrl, 2, "50.00");
    const room = await lobbyCall(app.baseUrl, host!, "POST", "/v1/rooms", { name: "Held", bet_amount: "1.00", currency: "USD", player_limit: 4, turn: 10 });
    const roomId = room.body.data!.id;
    const credits = Array.from({ length: 10 }, () => JSON.stringify(creditBody(victim!.id, "2.00")));

    const lock = await holder.reserve();
    await lock`begin`;
    await lock`select id from players where id = ${victim!.id} for update`;
    const tally = new Tally();
    const held = await Promise.all(credits.map((raw) => timed(() => sendCredit(app.baseUrl, raw))));
    held.forEach(({ value }) => tally.add(value));
    const join = await timed(() => lobbyCall(app.baseUrl, victim!, "POST", `/v1/rooms/${roomId}/join`));
    const create = await timed(() =>
      lobbyCall(app.baseUrl, victim!, "POST", "/v1/rooms", { name: "Mine", bet_amount: "1.00", currency: "USD", player_limit: 2, turn: 10 }),
    );
    const read = await timed(() => lobbyCall(app.baseUrl, victim!, "GET", "/v1/player/balance"));
    await lock`rollback`;
    lock.release();

    const slowest = Math.max(...held.map((h) => h.ms));
    const during = await readLedger(store);
    const written = credits.filter((raw) => during.creditsPerTransfer.has(JSON.parse(raw).transfer_id)).length;
    const seatsAfter = (await lobbyCall(app.baseUrl, host!, "GET", `/v1/rooms/${roomId}`)).body.data!.current_players;
    // Released: the platform's retries of the very same bodies now go through, once each.
    const retried = new Tally();
    for (const raw of credits) retried.add(await sendCredit(app.baseUrl, raw));

    report.figure("deadline (WALLET_DEADLINE_MS, DATABASE_TIMEOUT_MS)", `${DEADLINE_MS} ms`);
    report.figure("credits sent while the row was held", credits.length);
    report.figure("their answers", tally.toString());
    report.figure("slowest of them", `${slowest} ms`);
    report.figure("join while held", `${join.value.status} ${join.value.body.code} in ${join.ms} ms`);
    report.figure("create room while held", `${create.value.status} ${create.value.body.code} in ${create.ms} ms`);
    report.figure("balance read while held", `${read.value.status} in ${read.ms} ms`);
    report.figure("credits in the ledger after the timeouts", written);
    report.figure("the same credits retried after release", retried.toString());
    report.check("every held credit answered 503 ERR_TIMEOUT", tally.counts.get("503 ERR_TIMEOUT") === credits.length, tally.toString());
    report.check(`each within the deadline (+${SLACK_MS} ms for the round trip)`, slowest <= DEADLINE_MS + SLACK_MS, `${slowest} ms`);
    report.check("nothing committed by the timed-out credits", written === 0, `${written} written`);
    const lobby503 = (a: typeof join) => a.value.status === 503 && a.value.body.type === "error" && a.value.body.code === "database_timeout" && a.ms <= DEADLINE_MS + SLACK_MS;
    report.check("lobby join and create answer 503 database_timeout in the envelope, within the deadline", lobby503(join) && lobby503(create));
    report.check("the refused join seated no one", seatsAfter === 1, `${seatsAfter} seated`);
    report.check("retries after release answered OK", retried.counts.get("200 OK") === credits.length, retried.toString());
    await stopProcess(app.child);
    const ledger = await readLedger(store);
    report.ledgerChecks(ledger, credits.map((raw) => ({ transferId: JSON.parse(raw).transfer_id, playerId: victim!.id, amount: "2.00", answeredOk: true })), "50.00");
    return report;
  } finally {
    await holder.end({ timeout: 1 });
    await stopProcess(app.child);
    await scratch.drop();
  }
}

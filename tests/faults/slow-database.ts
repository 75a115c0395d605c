import postgres from "postgres";
import { POOL_SIZES } from "@/db/client";
import { stopProcess } from "../support/next-server";
import { holdPlayerRow } from "../support/row-lock";
import { createScratchDatabase } from "../support/scratch-database";
import { createPlayers, lobbyCall, readLedger, startApp, type LobbyAnswer } from "./support/app";
import { creditBody, sendCredit, Tally, type Outcome } from "./support/platform";
import { Report } from "./support/report";

const DEADLINE_MS = 2000;
// Less than the deadline: an answer that waited twice, or that came from the hard deadline (twice the
// deadline), fails the check.
const SLACK_MS = 500;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: Math.round(performance.now() - started) };
}

const isLobbyTimeout = (a: { value: LobbyAnswer; ms: number }) =>
  a.value.status === 503 && a.value.body.type === "error" && a.value.body.code === "database_timeout" && a.ms <= DEADLINE_MS + SLACK_MS;

/**
 * Fault 4: another session holds a player's row locked. The wallet must answer ERR_TIMEOUT within its
 * deadline and commit nothing; the lobby must answer 503 in the error envelope, not hang. Money's
 * deadline counts from before a call waits for one of money's connections. First with credits, a join
 * and a room creation at once, twice as many as money's pool has connections, then with 30 credits.
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
    const fewer = Array.from({ length: 6 }, () => JSON.stringify(creditBody(victim!.id, "2.00")));
    const more = Array.from({ length: 30 }, () => JSON.stringify(creditBody(victim!.id, "3.00")));
    const credit = (raw: string) => timed(() => sendCredit(app.baseUrl, raw));

    const release = await holdPlayerRow(holder, victim!.id);
    // Credits, a join and a room creation, twice money's pool, and a read on the lobby's, all at once.
    const [held, join, create, read] = await Promise.all([
      Promise.all(fewer.map(credit)),
      timed(() => lobbyCall(app.baseUrl, victim!, "POST", `/v1/rooms/${roomId}/join`)),
      timed(() => lobbyCall(app.baseUrl, victim!, "POST", "/v1/rooms", { name: "Mine", bet_amount: "1.00", currency: "USD", player_limit: 2, turn: 10 })),
      timed(() => lobbyCall(app.baseUrl, victim!, "GET", "/v1/player/balance")),
    ]);
    // Far past money's pool: most of these wait for a connection before they can wait for the row.
    const crowded = await Promise.all(more.map(credit));
    await release();

    const tally = (answers: { value: Outcome }[]) => answers.reduce((t, a) => (t.add(a.value), t), new Tally());
    const [heldTally, crowdedTally] = [tally(held), tally(crowded)];
    const slowest = (answers: { ms: number }[]) => Math.max(...answers.map((a) => a.ms));
    const all = [...fewer, ...more];
    const during = await readLedger(store);
    const written = all.filter((raw) => during.creditsPerTransfer.has(JSON.parse(raw).transfer_id)).length;
    const seatsAfter = (await lobbyCall(app.baseUrl, host!, "GET", `/v1/rooms/${roomId}`)).body.data!.current_players;
    // Released: the platform's retries of the very same bodies now go through, once each.
    const retried = new Tally();
    for (const raw of all) retried.add(await sendCredit(app.baseUrl, raw));

    report.figure("deadline (WALLET_DEADLINE_MS, DATABASE_TIMEOUT_MS)", `${DEADLINE_MS} ms`);
    report.figure("money's connection pool", POOL_SIZES.money);
    report.figure(`${fewer.length} credits with a join, a creation, a read`, `${heldTally}; slowest ${slowest(held)} ms`);
    report.figure("join while held", `${join.value.status} ${join.value.body.code} in ${join.ms} ms`);
    report.figure("create room while held", `${create.value.status} ${create.value.body.code} in ${create.ms} ms`);
    report.figure("balance read while held", `${read.value.status} in ${read.ms} ms`);
    report.figure(`${more.length} credits at once`, `${crowdedTally}; slowest ${slowest(crowded)} ms`);
    report.figure("credits in the ledger after the timeouts", written);
    report.figure("the same credits retried after release", retried.toString());
    const allTimedOut = (t: Tally, n: number) => t.counts.get("503 ERR_TIMEOUT") === n;
    report.check("every held credit answered 503 ERR_TIMEOUT, within the pool and past it", allTimedOut(heldTally, fewer.length) && allTimedOut(crowdedTally, more.length), `${heldTally} / ${crowdedTally}`);
    report.check(`each within the deadline (+${SLACK_MS} ms)`, Math.max(slowest(held), slowest(crowded)) <= DEADLINE_MS + SLACK_MS, `${slowest(held)} / ${slowest(crowded)} ms`);
    report.check("nothing committed by the timed-out credits", written === 0, `${written} written`);
    report.check("lobby join and create answered 503 database_timeout in the envelope, within the deadline", isLobbyTimeout(join) && isLobbyTimeout(create));
    report.check("the balance read did not wait for the row", read.value.status === 200 && read.ms < DEADLINE_MS / 2, `${read.value.status} in ${read.ms} ms`);
    report.check("the refused join seated no one", seatsAfter === 1, `${seatsAfter} seated`);
    report.check("retries after release answered OK", retried.counts.get("200 OK") === all.length, retried.toString());
    await stopProcess(app.child);
    const ledger = await readLedger(store);
    const sent = all.map((raw) => ({ transferId: JSON.parse(raw).transfer_id as string, playerId: victim!.id, amount: JSON.parse(raw).amount as string, answeredOk: true }));
    report.ledgerChecks(ledger, sent, "50.00");
    return report;
  } finally {
    await holder.end({ timeout: 1 });
    await stopProcess(app.child);
    await scratch.drop();
  }
}

import postgres from "postgres";
import { followEvents } from "@/lib/client/event-stream";
import { stopProcess, type NextServer } from "../support/next-server";
import { createPlayers, lobbyCall, readLedger, startApp, type Player } from "./support/app";
import { creditBody, creditUntilDefinitive, FAULT_ADMIN_TOKEN, inParallel, Tally } from "./support/platform";
import { startPrivatePostgres } from "./support/private-postgres";
import { progress, Report, seconds } from "./support/report";

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The lobby's side of the load: a player's balance and the room list, tallied by answer. */
async function lobbyRead(app: NextServer, player: Player, n: number, tally: Tally) {
  const path = n % 2 ? "/v1/player/balance" : "/v1/rooms?status=waiting";
  try {
    const { status, body } = await lobbyCall(app.baseUrl, player, "GET", path);
    tally.add({ http: status, status_code: status === 200 ? "ok" : String(body.code), body: "" });
  } catch (error) {
    tally.add({ http: 0, status_code: "NO_ANSWER", body: String(error) });
  }
}

/**
 * Fault 3: under a load of credits and lobby reads, the app's database connections are terminated,
 * then the PostgreSQL server is stopped (fast mode: every session ended, open transactions rolled back)
 * and started again. The app is
 * never restarted: it must answer errors while the database is gone and recover by itself.
 */
export async function databaseLoss(): Promise<Report> {
  const report = new Report();
  const pg = await startPrivatePostgres();
  const store = { kind: "postgres", url: pg.url } as const;
  const app = await startApp(store);
  const controller = new AbortController();
  try {
    const players = await createPlayers(app.baseUrl, 20, "50.00");
    const [roomMaker] = await createPlayers(app.baseUrl, 1, "50.00");
    const events: { name: string; at: number }[] = [];
    void followEvents(`${app.baseUrl}/v1/admin/events`, {
      headers: () => ({ authorization: `Bearer ${FAULT_ADMIN_TOKEN}` }),
      signal: controller.signal,
      onEvent: (name) => events.push({ name, at: Date.now() }),
      onConnected: () => events.push({ name: "(connected)", at: Date.now() }),
    });

    const wallet = new Tally();
    const lobby = new Tally();
    const sent: { transferId: string; playerId: string; amount: string; answeredOk: boolean }[] = [];
    let loading = true;
    const creditLoad = inParallel(Array.from({ length: 8 }), 8, async () => {
      while (loading) {
        const body = creditBody(players[sent.length % players.length]!.id, "1.25");
        const t = { transferId: body.transfer_id, playerId: body.player_id, amount: body.amount, answeredOk: false };
        sent.push(t);
        const outcome = await creditUntilDefinitive(() => app.baseUrl, JSON.stringify(body), wallet, { deadline: Date.now() + 120_000 });
        t.answeredOk = outcome.status_code === "OK";
      }
    });
    const lobbyLoad = inParallel(Array.from({ length: 4 }), 4, async (_, worker) => {
      for (let n = worker; loading; n += 4) {
        await lobbyRead(app, players[n % players.length]!, n, lobby);
        await pause(20);
      }
    });

    progress("load running; terminating the app's connections in 2 s");
    await pause(2000);
    const admin = postgres(pg.url, { max: 1, onnotice: () => {} });
    const [{ terminated } = { terminated: 0 }] = await admin<{ terminated: number }[]>`
      select count(pg_terminate_backend(pid))::int as terminated from pg_stat_activity where application_name like 'room-lobby:%'`;
    await admin.end();
    report.figure("app connections terminated (pg_terminate_backend)", terminated);
    await pause(3000);
    progress(`stopping PostgreSQL (${sent.length} credits so far)`);
    await pg.stop();
    const stoppedAt = Date.now();
    progress("PostgreSQL stopped");
    await pause(5000);
    progress("starting PostgreSQL");
    await pg.start();
    const startedAt = Date.now();
    report.figure("PostgreSQL down (stopped in fast mode) for", seconds(startedAt - stoppedAt));

    // Recovered: a fresh credit is answered OK at its first try, and the lobby answers again.
    let recoveredAt = 0;
    while (!recoveredAt && Date.now() - startedAt < 60_000) {
      const probe = creditBody(players[0]!.id, "0.01");
      const t = { transferId: probe.transfer_id, playerId: probe.player_id, amount: probe.amount, answeredOk: false };
      sent.push(t);
      const outcome = await creditUntilDefinitive(() => app.baseUrl, JSON.stringify(probe), new Tally(), { deadline: Date.now() + 60_000 });
      t.answeredOk = outcome.status_code === "OK";
      if (outcome.attempts === 1 && t.answeredOk) recoveredAt = Date.now();
      else await pause(250);
    }
    progress(recoveredAt ? "recovered; letting the load run 3 s more" : "not recovered within 60 s");
    await pause(3000);
    loading = false;
    await Promise.all([creditLoad, lobbyLoad]);

    progress("load stopped; checking live updates");
    // Live updates: told to refetch once the database was back, and a change made now arrives.
    const resynced = events.some((e) => e.at > startedAt && e.name === "resync");
    const before = events.length;
    const room = await fetch(`${app.baseUrl}/v1/rooms`, {
      method: "POST",
      headers: { "x-player-token": roomMaker!.token, "content-type": "application/json" },
      body: JSON.stringify({ name: "After the outage", bet_amount: "1.00", currency: "USD", player_limit: 2, turn: 10 }),
      signal: AbortSignal.timeout(15_000),
    });
    const liveDeadline = Date.now() + 15_000;
    while (!events.slice(before).some((e) => e.name === "rooms") && Date.now() < liveDeadline) await pause(100);
    const liveAgain = events.slice(before).some((e) => e.name === "rooms");

    const walletOther = [...wallet.counts].filter(([key]) => !["200 OK", "500 ERR_UNKNOWN", "503 ERR_TIMEOUT"].includes(key));
    const lobbyOther = [...lobby.counts].filter(([key]) => !["200 ok", "503 database_unavailable", "503 database_timeout", "503 overloaded"].includes(key));
    report.figure("credits (unique transfers)", sent.length);
    report.figure("wallet requests sent", wallet.sent);
    report.figure("wallet answers by code", wallet.toString());
    report.figure("lobby requests sent", lobby.sent);
    report.figure("lobby answers by code", lobby.toString());
    // Requests the app answered at its hard deadline because the driver never settled their query.
    report.figure("answers given at the hard request deadline", app.output.join("").split("no answer within").length - 1);
    report.figure("recovered after PostgreSQL started", recoveredAt ? seconds(recoveredAt - startedAt) : "never");
    const failed = (t: Tally) => t.sent - (t.counts.get("200 OK") ?? 0) - (t.counts.get("200 ok") ?? 0);
    report.check("the fault happened: connections terminated, and both the wallet and the lobby answered errors", terminated > 0 && failed(wallet) > 0 && failed(lobby) > 0, `${terminated} terminated`);
    report.check("wallet answers: OK, or ERR_UNKNOWN / ERR_TIMEOUT with HTTP 5xx, nothing else", walletOther.length === 0, JSON.stringify(walletOther.map(([key, n]) => [key, n, wallet.examples.get(key)])));
    report.check("lobby answers: 200, or 503 with the error envelope, never a 500", lobbyOther.length === 0, JSON.stringify(lobbyOther.map(([key, n]) => [key, n, lobby.examples.get(key)])));
    report.check("recovered by itself, without a restart", recoveredAt > 0 && app.child.exitCode === null && app.child.signalCode === null);
    report.check("live updates: told to refetch once the database was back", resynced, JSON.stringify(events.slice(-5)));
    report.check("live updates: a change made after the outage arrives", room.ok && liveAgain, `room ${room.status}; events since: ${JSON.stringify(events.slice(before))}; the last before: ${JSON.stringify(events.slice(Math.max(0, before - 5), before))}`);
    report.check("every credit ended in a definitive OK", sent.every((t) => t.answeredOk), `${sent.filter((t) => !t.answeredOk).length} did not`);
    controller.abort();
    await stopProcess(app.child);
    report.ledgerChecks(await readLedger(store), sent, "50.00");
    return report;
  } finally {
    controller.abort();
    await stopProcess(app.child);
    await pg.remove();
  }
}

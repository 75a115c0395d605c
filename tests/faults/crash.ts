import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, stopProcess, type NextServer } from "../support/next-server";
import { createScratchDatabase } from "../support/scratch-database";
import { createPlayers, readLedger, startApp, type Store } from "./support/app";
import { creditBody, creditUntilDefinitive, inParallel, Tally } from "./support/platform";
import { Report, seconds } from "./support/report";

/**
 * Fault 2: the server is killed with SIGKILL in the middle of a load of unique credits, then started
 * again on the same port. The platform retries each credit with the same body until it has a
 * definitive answer, straight through the outage.
 */
export async function crashUnderLoad(database: "postgres" | "embedded", serverUrl: string, { transfers = 1500 } = {}): Promise<Report> {
  const report = new Report();
  const scratch = database === "postgres" ? await createScratchDatabase(serverUrl) : undefined;
  const dir = database === "embedded" ? mkdtempSync(path.join(tmpdir(), "lobby-faults-pglite-")) : undefined;
  const store: Store = scratch ? { kind: "postgres", url: scratch.url } : { kind: "embedded", dir: path.join(dir!, "db") };
  const port = await freePort();
  let app: NextServer = await startApp(store, { port });
  try {
    const players = await createPlayers(app.baseUrl, 30);
    const tally = new Tally();
    const sent = Array.from({ length: transfers }, (_, n) => {
      const body = creditBody(players[n % players.length]!.id, `${1 + (n % 9)}.${String(n % 100).padStart(2, "0")}`);
      return { transferId: body.transfer_id, playerId: body.player_id, amount: body.amount, raw: JSON.stringify(body), answeredOk: false, final: "", cutOff: false };
    });
    const deadline = Date.now() + 240_000;
    let done = 0;
    let killedAt = 0;
    let backAt = 0;
    const crash = (async () => {
      while (done < transfers / 3) await new Promise((r) => setTimeout(r, 20));
      app.child.kill("SIGKILL");
      killedAt = Date.now();
      await new Promise((resolve) => app.child.once("exit", resolve));
      report.figure("killed (SIGKILL) after", `${done} of ${transfers} transfers answered`);
      app = await startApp(store, { port });
      backAt = Date.now();
    })();
    // A restart that fails is reported once the load gives up, not as an unhandled rejection.
    crash.catch(() => {});
    const started = Date.now();
    await inParallel(sent, 16, async (t) => {
      const outcome = await creditUntilDefinitive(() => app.baseUrl, t.raw, tally, { deadline });
      t.cutOff = outcome.attempts > 1;
      t.final = `${outcome.http} ${outcome.status_code}`;
      t.answeredOk = outcome.status_code === "OK";
      done++;
    });
    await crash;
    const elapsed = Date.now() - started;
    const notOk = sent.filter((t) => !t.answeredOk);

    report.figure("database", database === "postgres" ? "PostgreSQL" : "embedded (PGlite, on disk)");
    report.figure("transfers", transfers);
    report.figure("requests sent", tally.sent);
    report.figure("answers by code", tally.toString());
    report.figure("down for", seconds(backAt - killedAt));
    report.figure("time", seconds(elapsed));
    report.check("every transfer ended in a definitive OK", notOk.length === 0, notOk.slice(0, 3).map((t) => t.final).join(", "));
    await stopProcess(app.child);
    const ledger = await readLedger(store);
    const cutOff = sent.filter((t) => t.cutOff);
    // Written before the kill yet unanswered: the retry must have found it, not written it again.
    const committedUnanswered = cutOff.filter((t) => (ledger.writtenAt.get(t.transferId) ?? Infinity) < killedAt).length;
    report.figure("transfers retried across the crash", cutOff.length);
    report.figure("of them written before the kill, answer lost", committedUnanswered);
    report.ledgerChecks(ledger, sent);
    return report;
  } finally {
    await stopProcess(app.child);
    await scratch?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

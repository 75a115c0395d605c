import { createScratchDatabase } from "../support/scratch-database";
import { stopProcess } from "../support/next-server";
import { createPlayers, readLedger, startApp } from "./support/app";
import { creditBody, inParallel, sendCredit, Tally } from "./support/platform";
import { Report, seconds } from "./support/report";

/**
 * Fault 1: two instances on one PostgreSQL. Every transfer is sent several times at once, its copies
 * spread over both instances, as a platform retrying over a load balancer would.
 */
export async function twoInstances(serverUrl: string, { transfers = 2000, copies = 3 } = {}): Promise<Report> {
  const report = new Report();
  const scratch = await createScratchDatabase(serverUrl);
  const store = { kind: "postgres", url: scratch.url } as const;
  const apps = [await startApp(store), await startApp(store)];
  try {
    const players = await createPlayers(apps[0]!.baseUrl, 40);
    const tally = new Tally();
    const sent = Array.from({ length: transfers }, (_, n) => {
      const body = creditBody(players[n % players.length]!.id, `${1 + (n % 7)}.${String(n % 100).padStart(2, "0")}`);
      return { transferId: body.transfer_id, playerId: body.player_id, amount: body.amount, raw: JSON.stringify(body), answers: [] as string[], answeredOk: false };
    });
    const started = Date.now();
    await inParallel(sent, 16, async (t, i) => {
      const answers = await Promise.all(Array.from({ length: copies }, (_, copy) => sendCredit(apps[(copy + i) % 2]!.baseUrl, t.raw)));
      for (const a of answers) tally.add(a);
      t.answers = answers.map((a) => a.body);
      t.answeredOk = answers.some((a) => a.status_code === "OK");
    });
    const elapsed = Date.now() - started;

    const differing = sent.filter((t) => new Set(t.answers).size !== 1).length;
    report.figure("instances", 2);
    report.figure("transfers", transfers);
    report.figure("requests sent", tally.sent);
    report.figure("answers by code", tally.toString());
    report.figure("time", `${seconds(elapsed)} (${Math.round(tally.sent / (elapsed / 1000))} requests/s)`);
    report.figure("transfers whose copies got different answers", differing);
    report.check("every copy of every transfer answered OK", tally.counts.get("200 OK") === tally.sent, tally.toString());
    report.check("every answer for one transfer identical, byte for byte", differing === 0, `${differing} transfers differ`);
    await Promise.all(apps.map((app) => stopProcess(app.child)));
    report.ledgerChecks(await readLedger(store), sent);
    return report;
  } finally {
    await Promise.all(apps.map((app) => stopProcess(app.child)));
    await scratch.drop();
  }
}

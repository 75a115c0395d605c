import { stopProcess } from "../support/next-server";
import { createScratchDatabase } from "../support/scratch-database";
import { Decimal } from "@/lib/money/decimal";
import { createPlayers, lobbyCall as call, readLedger, startApp } from "./support/app";
import { Report } from "./support/report";

/** Fault 5: twenty players race for the three free seats of a four-seat room, round after round. */
export async function lastSeat(serverUrl: string, { rounds = 10, racers = 20 } = {}): Promise<Report> {
  const report = new Report();
  const scratch = await createScratchDatabase(serverUrl);
  const store = { kind: "postgres", url: scratch.url } as const;
  const app = await startApp(store);
  try {
    const answers = new Map<string, number>();
    const balances: { playerId: string; expected: Decimal }[] = [];
    let overfilled = 0;
    let wrongWinners = 0;
    for (let round = 0; round < rounds; round++) {
      const [host] = await createPlayers(app.baseUrl, 1, "10.00");
      const made = await call(app.baseUrl, host!, "POST", "/v1/rooms", { name: `Race ${round}`, bet_amount: "2.50", currency: "USD", player_limit: 4, turn: 10 });
      const roomId = made.body.data!.id;
      const players = await createPlayers(app.baseUrl, racers, "10.00");
      const joins = await Promise.all(players.map((p) => call(app.baseUrl, p, "POST", `/v1/rooms/${roomId}/join`)));
      for (const j of joins) {
        const key = `${j.status} ${j.body.code ?? "joined"}`;
        answers.set(key, (answers.get(key) ?? 0) + 1);
      }
      const seated = (await call(app.baseUrl, host!, "GET", `/v1/rooms/${roomId}`)).body.data!.current_players;
      const winners = joins.filter((j) => j.status === 200).length;
      if (seated > 4) overfilled++;
      if (winners !== 3 || seated !== 4) wrongWinners++;
      players.forEach((p, i) => balances.push({ playerId: p.id, expected: new Decimal(joins[i]!.status === 200 ? "7.50" : "10.00") }));
    }
    await stopProcess(app.child);
    const ledger = await readLedger(store);
    const refusedChanged = balances.filter((b) => b.expected.equals("10.00") && !b.expected.equals(ledger.balances.get(b.playerId) ?? "NaN")).length;
    const seatedWrong = balances.filter((b) => b.expected.equals("7.50") && !b.expected.equals(ledger.balances.get(b.playerId) ?? "NaN")).length;

    report.figure("rounds", rounds);
    report.figure("joins sent", rounds * racers);
    report.figure("answers", [...answers].map(([k, n]) => `${k}: ${n}`).join(", "));
    report.figure("rooms with more than 4 seated", overfilled);
    report.figure("refused players whose balance changed", refusedChanged);
    report.check("never more than 4 seated", overfilled === 0, `${overfilled} rooms`);
    report.check("every round: exactly the 3 free seats taken, the room full", wrongWinners === 0, `${wrongWinners} rounds`);
    report.check("every refusal is 409 room_full", [...answers.keys()].every((k) => k === "200 joined" || k === "409 room_full"), [...answers.keys()].join(", "));
    report.check("every refused player's balance unchanged", refusedChanged === 0, `${refusedChanged} players`);
    report.check("every seated player paid the bet once", seatedWrong === 0, `${seatedWrong} players`);
    report.check("the ledger proves itself: balances, accounts summing to zero, pots, kept days (db/consistency.ts)", ledger.inconsistencies.length === 0, ledger.inconsistencies.slice(0, 3).join("; "));
    return report;
  } finally {
    await stopProcess(app.child);
    await scratch.drop();
  }
}

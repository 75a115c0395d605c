import { describe, expect, it } from "vitest";
import { activePlayers, moneyOverTime, periodFigures, periodsEnding, roomsOverTime } from "./series";

const at = (iso: string) => Date.parse(iso);

describe("the dashboard's periods", () => {
  it("ends with the period now falls in, oldest first", () => {
    expect(periodsEnding(at("2026-11-24T21:37:00Z"), "hour", 3)).toEqual(["2026-11-24T19", "2026-11-24T20", "2026-11-24T21"]);
    expect(periodsEnding(at("2026-03-01T00:10:00Z"), "day", 3)).toEqual(["2026-02-27", "2026-02-28", "2026-03-01"]);
    expect(periodsEnding(at("2026-11-24T21:37:00Z"), "day")).toHaveLength(30);
  });
});

describe("rooms over time", () => {
  const periods = ["2026-11-24T19", "2026-11-24T20", "2026-11-24T21"];
  const now = at("2026-11-24T21:30:00Z");
  const changes = [
    // 20:xx: two rooms made, one of them filled; 21:xx: it finished, and one more was made.
    { period: "2026-11-24T20", from: null, to: "waiting", rooms: 2 },
    { period: "2026-11-24T20", from: "waiting", to: "playing", rooms: 1 },
    { period: "2026-11-24T21", from: "playing", to: "finished", rooms: 1 },
    { period: "2026-11-24T21", from: null, to: "waiting", rooms: 1 },
  ];
  const current = { waiting: 5, playing: 0, finished: 7 };
  // By their creation time: one of the two logged at 20:xx was made before, and loaded then (a seed).
  const created = [
    { period: "2026-11-24T20", rooms: 1 },
    { period: "2026-11-24T21", rooms: 1 },
  ];

  it("counts back from now by undoing each period's changes, and rooms created by their creation time", () => {
    const points = roomsOverTime({ periods, by: "hour", now, current, changes, created, logStart: at("2026-11-24T18:00:00Z") });
    expect(points.map((p) => [p.waiting, p.playing, p.finished])).toEqual([
      [3, 0, 6],
      [4, 1, 6],
      [5, 0, 7],
    ]);
    expect(points.map((p) => [p.created, p.finished_in_period])).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
    ]);
  });

  it("has no counts for periods that ended before the log began, and only now's with no log", () => {
    const since = roomsOverTime({ periods, by: "hour", now, current, changes, logStart: at("2026-11-24T20:15:00Z") });
    expect(since.map((p) => p.waiting)).toEqual([null, 4, 5]);
    const none = roomsOverTime({ periods, by: "hour", now, current, changes: [] });
    expect(none.map((p) => p.waiting)).toEqual([null, null, 5]);
  });
});

describe("money and players over time", () => {
  const sums = [
    { day: "2026-11-23", currency: "USD", kind: "debit" as const, amount: "10.00", rake: "0", players: 3 },
    { day: "2026-11-23", currency: "USD", kind: "refund" as const, amount: "2.00", rake: "0", players: 1 },
    // Settled pots: their rake to the house, the rest to the platform.
    { day: "2026-11-23", currency: "USD", kind: "settlement" as const, amount: "8.00", rake: "0.40", players: 0 },
    { day: "2026-11-23", currency: "USD", kind: "credit" as const, amount: "7.5", rake: "0", players: 1 },
    { day: "2026-11-24", currency: "JPY", kind: "debit" as const, amount: "500", rake: "0", players: 2 },
    { day: "2026-11-24", currency: "JPY", kind: "settlement" as const, amount: "500", rake: "12", players: 0 },
    { day: "2026-11-24", currency: "JPY", kind: "deposit" as const, amount: "1000", rake: "0", players: 4 },
  ];

  it("sums each currency per period, rake as recognised at settlement, zero when quiet", () => {
    const money = moneyOverTime(["2026-11-23", "2026-11-24"], sums);
    expect(money.map((m) => m.currency)).toEqual(["JPY", "USD"]);
    expect(money[1]!.points).toEqual([
      { period: "2026-11-23", bets: "10.00", wins: "7.50", refunds: "2.00", rake: "0.40" },
      { period: "2026-11-24", bets: "0.00", wins: "0.00", refunds: "0.00", rake: "0.00" },
    ]);
    // Shown to the currency's minor unit, as the daily report shows it.
    expect(money[0]!.points[1]).toEqual({ period: "2026-11-24", bets: "500", wins: "0", refunds: "0", rake: "12" });
  });

  it("gives a period's headline figures per currency, GGR as bets − refunds − wins", () => {
    expect(periodFigures("2026-11-23", sums)).toEqual([{ currency: "USD", bets: "10.00", wins: "7.50", refunds: "2.00", ggr: "0.50", rake: "0.40", players: 3 }]);
    expect(periodFigures("2026-11-24", sums)).toEqual([{ currency: "JPY", bets: "500", wins: "0", refunds: "0", ggr: "500", rake: "12", players: 2 }]);
  });

  it("counts players who bet, across currencies", () => {
    expect(activePlayers(["2026-11-23", "2026-11-24"], sums)).toEqual([
      { period: "2026-11-23", players: 3 },
      { period: "2026-11-24", players: 2 },
    ]);
  });
});

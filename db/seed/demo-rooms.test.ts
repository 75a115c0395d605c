import { describe, expect, it } from "vitest";
import { demoPlayers, demoRooms, fundedFor } from "./demo-rooms";

describe("fundedFor", () => {
  it("gives each bot 1000 more than the bets of its seats, however many rooms there are", () => {
    const bots = demoPlayers();
    const rooms = demoRooms(3000, bots);
    const funded = fundedFor(bots, rooms);
    for (const bot of funded) {
      const bets = rooms.flatMap((r) => r.seats.filter((s) => s.playerId === bot.id).map(() => Number(r.betAmount))).reduce((a, b) => a + b, 0);
      expect(Number(bot.realBalance)).toBeCloseTo(1000 + bets, 6);
    }
    // A bot of every currency sits somewhere: the rooms ask more than 1000 of some of them.
    expect(funded.some((b) => Number(b.realBalance) > 1000)).toBe(true);
  });
});

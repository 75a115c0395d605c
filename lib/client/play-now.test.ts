import { describe, expect, it } from "vitest";
import { bestRoom, candidatesSearch, lastBet } from "./play-now";
import { sampleRoom } from "@/tests/support/sample-room";

const me = { id: "me", balance: "10.00", currency: "USD" };
const seat = (id: string) => ({ id, name: id, joined_at: "2026-11-24T10:00:00.000Z" });

describe("lastBet", () => {
  it("is the amount of the latest bet among the movements, newest first", () => {
    const moves = [
      { cause: "win" as const, amount: "9.00" },
      { cause: "bet" as const, amount: "2.50" },
      { cause: "bet" as const, amount: "5.00" },
    ];
    expect(lastBet(moves)).toBe("2.50");
  });

  it("is none when the player has not bet lately", () => {
    expect(lastBet([{ cause: "deposit", amount: "100.00" }])).toBeUndefined();
    expect(lastBet([])).toBeUndefined();
  });
});

describe("candidatesSearch", () => {
  it("asks for waiting rooms of the currency at exactly the bet, fullest first, as many as a page holds", () => {
    expect(Object.fromEntries(new URLSearchParams(candidatesSearch("EUR", "2.5")))).toEqual({
      status: "waiting",
      currency: "EUR",
      min_bet_amount: "2.5",
      max_bet_amount: "2.5",
      sort: "filling",
      limit: "100",
    });
  });
});

describe("bestRoom", () => {
  it("takes the room with the fewest free seats, then the one waiting longest", () => {
    const roomy = sampleRoom({ id: "roomy", current_players: 1 });
    const fuller = sampleRoom({ id: "fuller", current_players: 3, players: [seat("a"), seat("b"), seat("c")] });
    const fullerOlder = sampleRoom({ id: "fuller-older", current_players: 3, created_at: "2026-11-24T09:00:00.000Z", players: [seat("a"), seat("b"), seat("c")] });
    const twoSeats = sampleRoom({ id: "two", player_limit: 2, max_players: 2, current_players: 1 });
    expect(bestRoom([roomy, fuller, fullerOlder, twoSeats], me, "2.50")?.id).toBe("fuller-older");
    expect(bestRoom([roomy, twoSeats], me, "2.50")?.id).toBe("two");
  });

  it("skips rooms the player sits in, cannot pay for, or that play another currency or another bet", () => {
    const rooms = [
      sampleRoom({ id: "mine", current_players: 3, players: [seat("me"), seat("b"), seat("c")] }),
      sampleRoom({ id: "euro", currency: "EUR", current_players: 3 }),
      sampleRoom({ id: "dearer", bet_amount: 2.51, current_players: 3 }),
      sampleRoom({ id: "open" }),
    ];
    expect(bestRoom(rooms, me, "2.5")?.id).toBe("open");
    expect(bestRoom([sampleRoom({ bet_amount: 12 })], me, "12")).toBeUndefined();
  });

  it("finds nothing for a bet that is not an amount, or with no room to take", () => {
    expect(bestRoom([sampleRoom()], me, "two")).toBeUndefined();
    expect(bestRoom([], me, "2.50")).toBeUndefined();
  });
});

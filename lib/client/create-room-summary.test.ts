import { describe, expect, it } from "vitest";
import { CreateRoomInput } from "@/lib/shared/create-room-input";
import { betOverBalance, roomSummary } from "./create-room-summary";

const room = (over: Record<string, unknown> = {}) =>
  CreateRoomInput.parse({ name: " Friday table ", bet_amount: "12.50", currency: "USD", player_limit: 4, turn: 30, ...over });

describe("roomSummary", () => {
  it("says what the room will be, the bet and the balance it leaves, exactly", () => {
    expect(roomSummary(room({ time_bank: 45, is_incremental: true, rake_percentage: 2.5 }), { balance: "50.00", currency: "USD" })).toEqual({
      name: "Friday table",
      facts: [
        ["Name", "Friday table"],
        ["Players", "4 players"],
        ["Turn", "30 seconds"],
        ["Time bank", "45 seconds"],
        ["Incremental bets", "yes"],
        ["Rake", "2.5%"],
      ],
      bet: "12.50 USD",
      balanceAfter: "37.50 USD",
    });
  });

  it("names the defaults plainly", () => {
    const { facts } = roomSummary(room({ player_limit: 2, turn: 1 }), { balance: "50.00", currency: "USD" });
    expect(Object.fromEntries(facts)).toMatchObject({ Players: "2 players", Turn: "1 second", "Time bank": "none", "Incremental bets": "no", Rake: "0%" });
  });

  it("counts in the currency's own units", () => {
    const yen = CreateRoomInput.parse({ name: "Yen", bet_amount: 1000, currency: "JPY", player_limit: 2, turn: 86_400 });
    expect(roomSummary(yen, { balance: "1234567", currency: "JPY" })).toMatchObject({ bet: "1,000 JPY", balanceAfter: "1,233,567 JPY" });
    expect(roomSummary(yen, { balance: "1234567", currency: "JPY" }).facts[2]).toEqual(["Turn", "86,400 seconds"]);
  });
});

describe("betOverBalance", () => {
  it("lets a bet up to the whole balance, compared exactly", () => {
    expect(betOverBalance("50", { balance: "50.00", currency: "USD" })).toBeUndefined();
    expect(betOverBalance("0.3", { balance: "0.30", currency: "USD" })).toBeUndefined();
    expect(betOverBalance("50.01", { balance: "50.00", currency: "USD" })).toBe("is more than your balance of 50.00 USD");
  });
});

import { describe, expect, it } from "vitest";
import { balanceAfterBet, joinAbility } from "./seat-rules";
import { sampleRoom } from "@/tests/support/sample-room";

const room = sampleRoom;
const me = { id: "me", balance: "10.00", currency: "USD" };

describe("joinAbility", () => {
  it("lets a player join a waiting room of their currency they can pay for, and says when theirs is the last seat", () => {
    expect(joinAbility(room(), me)).toEqual({ can: true, lastSeat: false });
    expect(joinAbility(room({ current_players: 3 }), me)).toEqual({ can: true, lastSeat: true });
    expect(joinAbility(room({ bet_amount: 10 }), me)).toEqual({ can: true, lastSeat: false });
  });

  it("says why not, exactly at the balance's edge", () => {
    expect(joinAbility(room({ bet_amount: 10.01 }), me)).toMatchObject({ can: false, reason: "Your balance of 10.00 USD is below the bet" });
    expect(joinAbility(room({ currency: "EUR" }), me)).toMatchObject({ can: false, reason: "Plays in EUR; your balance is in USD" });
    expect(joinAbility(room({ current_players: 4, is_joinable: false }), me)).toMatchObject({ can: false, reason: "No free seat" });
    expect(joinAbility(room({ status: "playing" }), me)).toMatchObject({ can: false, reason: "The game has started" });
    expect(joinAbility(room({ status: "finished" }), me)).toMatchObject({ can: false, reason: "The room is finished" });
  });

  it("knows a seated player", () => {
    const seated = room({ players: [{ id: "me", name: "me", joined_at: "2026-11-24T10:00:00.000Z" }] });
    expect(joinAbility(seated, me)).toEqual({ can: false, seated: true, reason: "You are seated here" });
  });
});

describe("balanceAfterBet", () => {
  it("subtracts exactly, in the currency's units", () => {
    expect(balanceAfterBet({ balance: "10.00", currency: "USD" }, { bet_amount: 2.5 })).toBe("7.50 USD");
    expect(balanceAfterBet({ balance: "0.30", currency: "USD" }, { bet_amount: 0.1 })).toBe("0.20 USD");
    expect(balanceAfterBet({ balance: "1234567", currency: "JPY" }, { bet_amount: 1000 })).toBe("1,233,567 JPY");
  });
});

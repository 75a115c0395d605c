import { describe, expect, it } from "vitest";
import { i18nFor } from "@/lib/i18n/i18n";
import { balanceAfterBet, joinAbility, refusalText, type JoinAbility } from "./seat-rules";
import { sampleRoom } from "@/tests/support/sample-room";

const room = sampleRoom;
const me = { id: "me", balance: "10.00", currency: "USD" };
const en = i18nFor("en");
const es = i18nFor("es");

/** Why joinAbility says no, in English. */
function refusal(ability: JoinAbility, r = room()) {
  if (ability.can) throw new Error("the player can join");
  return refusalText(ability.why, r, me, en);
}

describe("joinAbility", () => {
  it("lets a player join a waiting room of their currency they can pay for, and says when theirs is the last seat", () => {
    expect(joinAbility(room(), me)).toEqual({ can: true, lastSeat: false });
    expect(joinAbility(room({ current_players: 3 }), me)).toEqual({ can: true, lastSeat: true });
    expect(joinAbility(room({ bet_amount: 10 }), me)).toEqual({ can: true, lastSeat: false });
  });

  it("says why not, exactly at the balance's edge", () => {
    expect(joinAbility(room({ bet_amount: 10.01 }), me)).toEqual({ can: false, why: "balance" });
    expect(joinAbility(room({ currency: "EUR" }), me)).toEqual({ can: false, why: "currency" });
    expect(joinAbility(room({ current_players: 4, is_joinable: false }), me)).toEqual({ can: false, why: "full" });
    expect(joinAbility(room({ status: "playing" }), me)).toEqual({ can: false, why: "playing" });
    expect(joinAbility(room({ status: "finished" }), me)).toEqual({ can: false, why: "finished" });
  });

  it("knows a seated player", () => {
    const seated = room({ players: [{ id: "me", name: "me", joined_at: "2026-11-24T10:00:00.000Z" }] });
    expect(joinAbility(seated, me)).toEqual({ can: false, why: "seated" });
  });
});

describe("refusalText", () => {
  it("says why in the player's words", () => {
    expect(refusal(joinAbility(room({ bet_amount: 10.01 }), me))).toBe("Your balance of 10.00 USD is below the bet");
    const euros = room({ currency: "EUR" });
    expect(refusal(joinAbility(euros, me), euros)).toBe("Plays in EUR; your balance is in USD");
    expect(refusal(joinAbility(room({ current_players: 4 }), me))).toBe("No free seat");
    expect(refusal(joinAbility(room({ status: "playing" }), me))).toBe("The game has started");
    expect(refusal(joinAbility(room({ status: "finished" }), me))).toBe("The room is finished");
    expect(refusalText("seated", room(), me, en)).toBe("You are seated here");
  });

  it("speaks Spanish, with the balance in Spanish figures", () => {
    const rich = { ...me, balance: "1234.5" };
    expect(refusalText("balance", room(), rich, es)).toBe("Tu saldo de 1234,50 USD no alcanza para la apuesta");
    expect(refusalText("currency", room({ currency: "EUR" }), me, es)).toBe("Se juega en EUR; tu saldo está en USD");
    expect(refusalText("full", room(), me, es)).toBe("No hay asientos libres");
  });
});

describe("balanceAfterBet", () => {
  it("subtracts exactly, in the currency's units", () => {
    expect(balanceAfterBet({ balance: "10.00", currency: "USD" }, { bet_amount: 2.5 }, en)).toBe("7.50 USD");
    expect(balanceAfterBet({ balance: "0.30", currency: "USD" }, { bet_amount: 0.1 }, en)).toBe("0.20 USD");
    expect(balanceAfterBet({ balance: "1234567", currency: "JPY" }, { bet_amount: 1000 }, en)).toBe("1,233,567 JPY");
  });

  it("writes Spanish figures", () => {
    expect(balanceAfterBet({ balance: "1234567", currency: "JPY" }, { bet_amount: 1000 }, es)).toBe("1.233.567 JPY");
    expect(balanceAfterBet({ balance: "10.00", currency: "USD" }, { bet_amount: 2.5 }, es)).toBe("7,50 USD");
  });
});

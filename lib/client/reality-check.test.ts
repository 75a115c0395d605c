import { describe, expect, it } from "vitest";
import { i18nFor } from "@/lib/i18n/i18n";
import { answered, nextCheckAt, realityLines, type Arrival } from "./reality-check";

const MINUTE = 60_000;
const AT = Date.parse("2026-11-28T12:00:00.000Z");
const arrival = (over: Partial<Arrival> = {}): Arrival => ({ playerId: "p1", at: AT, balance: "100.00", currency: "USD", answered: 0, ...over });
const [en, es] = [i18nFor("en"), i18nFor("es")];

describe("the reality check's times", () => {
  it("comes every N minutes after arrival", () => {
    expect(nextCheckAt(arrival(), 60)).toBe(AT + 60 * MINUTE);
    expect(nextCheckAt(arrival({ answered: 2 }), 60)).toBe(AT + 180 * MINUTE);
    expect(nextCheckAt(arrival(), 15)).toBe(AT + 15 * MINUTE);
  });

  it("counts every check due by the answer as answered: a tab asleep for hours asks once", () => {
    expect(answered(arrival(), 60, AT + 61 * MINUTE).answered).toBe(1);
    expect(answered(arrival(), 60, AT + 5 * 60 * MINUTE + 1).answered).toBe(5);
    expect(nextCheckAt(answered(arrival(), 60, AT + 5 * 60 * MINUTE + 1), 60)).toBe(AT + 6 * 60 * MINUTE);
  });
});

describe("what the reality check says", () => {
  it("gives the time played in hours and minutes, the balance then and now, and the difference", () => {
    expect(realityLines(arrival(), "97.50", en, AT + 60 * MINUTE + 59_999)).toEqual([
      "You have been playing for 1 hour.",
      "Since you arrived, your balance went from 100.00 USD to 97.50 USD.",
      "You are 2.50 USD down.",
    ]);
    expect(realityLines(arrival(), "1100", en, AT + 90 * MINUTE)).toEqual([
      "You have been playing for 1 hour 30 minutes.",
      "Since you arrived, your balance went from 100.00 USD to 1,100.00 USD.",
      "You are 1,000.00 USD up.",
    ]);
    expect(realityLines(arrival(), "100", en, AT + 45 * MINUTE)).toEqual(["You have been playing for 45 minutes.", expect.any(String), "You are even."]);
  });

  it("speaks the player's language", () => {
    expect(realityLines(arrival(), "90", es, AT + 120 * MINUTE)).toEqual([
      "Llevas jugando 2 horas.",
      "Desde que llegaste, tu saldo ha pasado de 100,00 USD a 90,00 USD.",
      "Vas perdiendo 10,00 USD.",
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { i18nFor } from "@/lib/i18n/i18n";
import { CreateRoomInput } from "@/lib/shared/create-room-input";
import { betOverBalance, fieldProblems, roomSummary } from "./create-room-summary";

const en = i18nFor("en");
const es = i18nFor("es");

const room = (over: Record<string, unknown> = {}) =>
  CreateRoomInput.parse({ name: " Friday table ", bet_amount: "12.50", currency: "USD", player_limit: 4, turn: 30, ...over });

describe("roomSummary", () => {
  it("says what the room will be, the bet and the balance it leaves, exactly", () => {
    expect(roomSummary(room({ time_bank: 45, is_incremental: true, rake_percentage: 2.5 }), { balance: "50.00", currency: "USD" }, en)).toEqual({
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
    const { facts } = roomSummary(room({ player_limit: 2, turn: 1 }), { balance: "50.00", currency: "USD" }, en);
    expect(Object.fromEntries(facts)).toMatchObject({ Players: "2 players", Turn: "1 second", "Time bank": "none", "Incremental bets": "no", Rake: "0%" });
  });

  it("counts in the currency's own units", () => {
    const yen = CreateRoomInput.parse({ name: "Yen", bet_amount: 1000, currency: "JPY", player_limit: 2, turn: 86_400 });
    expect(roomSummary(yen, { balance: "1234567", currency: "JPY" }, en)).toMatchObject({ bet: "1,000 JPY", balanceAfter: "1,233,567 JPY" });
    expect(roomSummary(yen, { balance: "1234567", currency: "JPY" }, en).facts[2]).toEqual(["Turn", "86,400 seconds"]);
  });

  it("speaks Spanish, with Spanish figures", () => {
    const summary = roomSummary(room({ turn: 1, time_bank: 90, is_incremental: true, rake_percentage: 2.5, bet_amount: "1234.5" }), { balance: "2000", currency: "USD" }, es);
    expect(summary).toEqual({
      name: "Friday table",
      facts: [
        ["Nombre", "Friday table"],
        ["Jugadores", "4 jugadores"],
        ["Turno", "1 segundo"],
        ["Banco de tiempo", "90 segundos"],
        ["Apuestas incrementales", "sí"],
        ["Comisión", "2,5 %"],
      ],
      bet: "1234,50 USD",
      balanceAfter: "765,50 USD",
    });
    expect(roomSummary(room({ time_bank: 0 }), { balance: "50", currency: "USD" }, es).facts[3]).toEqual(["Banco de tiempo", "ninguno"]);
  });
});

describe("betOverBalance", () => {
  it("lets a bet up to the whole balance, compared exactly", () => {
    expect(betOverBalance("50", { balance: "50.00", currency: "USD" }, en)).toBeUndefined();
    expect(betOverBalance("0.3", { balance: "0.30", currency: "USD" }, en)).toBeUndefined();
    expect(betOverBalance("50.01", { balance: "50.00", currency: "USD" }, en)).toBe("is more than your balance of 50.00 USD");
  });

  it("says it in Spanish, with the balance in Spanish figures", () => {
    expect(betOverBalance("20000", { balance: "12345.5", currency: "USD" }, es)).toBe("supera tu saldo de 12.345,50 USD");
  });
});

describe("fieldProblems", () => {
  it("gives each refused field its rule, whatever the rule's own English said", () => {
    expect(fieldProblems(["name", "bet_amount", "turn", "player_limit", "time_bank", "rake_percentage"], "USD", undefined, en)).toEqual({
      name: "must be 1 to 50 characters",
      bet_amount: "must be at least 0.01, with at most 2 decimal places",
      turn: "must be a whole number from 1 to 86,400",
      player_limit: "must be one of 2, 4",
      time_bank: "must be one of 0, 30, 45, 60, 90",
      rake_percentage: "must be a number from 0 to 100, with at most 2 decimal places",
    });
  });

  it("knows the currency's units and the operator's rakes", () => {
    expect(fieldProblems(["bet_amount"], "JPY", undefined, en)).toEqual({ bet_amount: "must be a whole number of at least 1" });
    expect(fieldProblems(["bet_amount"], "BHD", undefined, en)).toEqual({ bet_amount: "must be at least 0.01, with at most 3 decimal places" });
    expect(fieldProblems(["rake_percentage"], "USD", [0, 2.5], en)).toEqual({ rake_percentage: "must be one of the rakes this lobby offers" });
  });

  it("says a refusal of what the form does not show above it", () => {
    expect(fieldProblems(["currency"], "USD", undefined, en)).toEqual({ form: "Some values are not valid. Check the form and try again." });
    expect(fieldProblems([""], "USD", undefined, en)).toEqual({ form: "Some values are not valid. Check the form and try again." });
  });

  it("speaks Spanish, with Spanish figures", () => {
    expect(fieldProblems(["name", "bet_amount", "turn"], "USD", undefined, es)).toEqual({
      name: "debe tener de 1 a 50 caracteres",
      bet_amount: "debe ser al menos 0,01, con 2 decimales como máximo",
      turn: "debe ser un número entero de 1 a 86.400",
    });
    expect(fieldProblems(["currency"], "USD", undefined, es)).toEqual({ form: "Algunos valores no son válidos. Revisa el formulario e inténtalo de nuevo." });
  });
});

import { describe, expect, it } from "vitest";
import { i18nFor } from "@/lib/i18n/i18n";
import { noticeOf, reasonWords } from "./notices";
import type { PlayerTransaction } from "@/lib/wallet/contract";

const move = (over: Partial<PlayerTransaction>): PlayerTransaction => ({
  id: "m1",
  kind: "refund",
  direction: "in",
  cause: "platform_refund",
  amount: "1234.5",
  currency: "USD",
  reason: "game_error",
  room: { id: "r1", name: "Friday table" },
  round_id: "r1",
  balance_after: "2000.00",
  created_at: "2026-11-24T10:00:00.000Z",
  ...over,
});

const [en, es] = [i18nFor("en"), i18nFor("es")];

describe("noticeOf", () => {
  it("tells of refunds the player did not make, with the amount", () => {
    expect(noticeOf(move({ cause: "room_closed" }), en)).toBe("An admin closed “Friday table”. Your bet of 1,234.50 USD is back in your balance.");
    expect(noticeOf(move({ cause: "removed_by_admin", amount: "5", currency: "JPY" }), en)).toBe("An admin removed you from “Friday table”. Your bet of 5 JPY is back in your balance.");
    expect(noticeOf(move({ cause: "room_closed", room: null }), en)).toBe("An admin closed a room. Your bet of 1,234.50 USD is back in your balance.");
    expect(noticeOf(move({}), en)).toBe("The game platform refunded 1,234.50 USD for “Friday table” (game error).");
    expect(noticeOf(move({ room: null, reason: "player_exit" }), en)).toBe("The game platform refunded 1,234.50 USD (player exit).");
  });

  it("tells them in Spanish, with the amount as Spanish writes it", () => {
    expect(noticeOf(move({ cause: "room_closed" }), es)).toBe("Un administrador cerró “Friday table”. Tu apuesta de 1234,50 USD ha vuelto a tu saldo.");
    expect(noticeOf(move({ cause: "removed_by_admin", amount: "12345.5", room: null }), es)).toBe("Un administrador te sacó de una sala. Tu apuesta de 12.345,50 USD ha vuelto a tu saldo.");
    expect(noticeOf(move({}), es)).toBe("La plataforma de juego te devolvió 1234,50 USD por “Friday table” (error del juego).");
  });

  it("tells of the operator's adjustments, given or taken", () => {
    const adjustment = { kind: "adjustment", cause: "admin_adjustment", reason: "adjustment", room: null, round_id: null, amount: "10" } as const;
    expect(noticeOf(move({ ...adjustment, direction: "in" }), en)).toBe("The operator added 10.00 USD to your balance.");
    expect(noticeOf(move({ ...adjustment, direction: "out" }), en)).toBe("The operator took 10.00 USD from your balance.");
    expect(noticeOf(move({ ...adjustment, direction: "out" }), es)).toBe("El operador retiró 10,00 USD de tu saldo.");
  });

  it("says nothing of the player's own doing", () => {
    for (const cause of ["bet", "win", "left_room", "deposit"] as const) expect(noticeOf(move({ cause }), en)).toBeUndefined();
  });
});

describe("reasonWords", () => {
  it("says the reasons it knows in the player's language, and any other as recorded", () => {
    expect(reasonWords("opening_balance", en)).toBe("opening balance");
    expect(reasonWords("opening_balance", es)).toBe("saldo inicial");
    expect(reasonWords("table_timeout", es)).toBe("table timeout");
    expect(reasonWords("constructor", en)).toBe("constructor");
  });
});

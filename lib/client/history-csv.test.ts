import { describe, expect, it } from "vitest";
import { i18nFor } from "@/lib/i18n/i18n";
import { historyCsv } from "./history-csv";
import type { PlayerTransaction } from "@/lib/wallet/contract";

const move = (over: Partial<PlayerTransaction>): PlayerTransaction => ({
  id: "m1",
  kind: "debit",
  direction: "out",
  cause: "bet",
  amount: "2.50",
  currency: "USD",
  reason: "bet",
  room: { id: "r1", name: "Friday table" },
  round_id: "r1",
  balance_after: "97.50",
  created_at: "2026-11-24T10:00:00.000Z",
  ...over,
});

const deposit = move({ id: "m0", kind: "deposit", direction: "in", cause: "deposit", reason: "opening_balance", amount: "100.00", room: null, round_id: null, balance_after: "100.00" });

describe("historyCsv", () => {
  it("writes a header and a row a movement, money out negative", () => {
    const csv = historyCsv([move({}), deposit], i18nFor("en"));
    expect(csv.split("\r\n")).toEqual([
      "date,what,reason,room,room_id,amount,currency,balance_after,id",
      "2026-11-24T10:00:00.000Z,Bet,bet,Friday table,r1,-2.50,USD,97.50,m1",
      "2026-11-24T10:00:00.000Z,Deposit,opening_balance,,,100.00,USD,100.00,m0",
      "",
    ]);
  });

  it("names the columns and causes in Spanish, and keeps the values any program reads as they are", () => {
    const csv = historyCsv([move({ amount: "1234.50", balance_after: "12345.00" }), deposit], i18nFor("es"));
    expect(csv.split("\r\n")).toEqual([
      "fecha,concepto,motivo,sala,sala_id,importe,moneda,saldo_posterior,id",
      "2026-11-24T10:00:00.000Z,Apuesta,bet,Friday table,r1,-1234.50,USD,12345.00,m1",
      "2026-11-24T10:00:00.000Z,Depósito,opening_balance,,,100.00,USD,100.00,m0",
      "",
    ]);
  });

  it("signs an adjustment by its direction: taken is negative, given positive", () => {
    const adjusted = { kind: "adjustment", cause: "admin_adjustment", reason: "adjustment", room: null, round_id: null } as const;
    const csv = historyCsv([move({ ...adjusted, id: "a1", direction: "out", amount: "10.00" }), move({ ...adjusted, id: "a2", direction: "in", amount: "4.00" })], i18nFor("en"));
    expect(csv.split("\r\n").slice(1, 3)).toEqual([
      "2026-11-24T10:00:00.000Z,Adjustment by the operator,adjustment,,,-10.00,USD,97.50,a1",
      "2026-11-24T10:00:00.000Z,Adjustment by the operator,adjustment,,,4.00,USD,97.50,a2",
    ]);
  });

  it("quotes commas, quotes and line breaks, and defuses formulas", () => {
    const csv = historyCsv([move({ room: { id: "r2", name: 'He said "hi", twice\nand left' } }), move({ room: { id: "r3", name: "=HYPERLINK(\"x\")" } }), move({ room: { id: "r4", name: "+1" } })], i18nFor("en"));
    const rows = csv.split("\r\n");
    expect(rows[1]).toContain('"He said ""hi"", twice\nand left"');
    expect(rows[2]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(rows[3]).toContain(",'+1,");
    expect(rows[3]).toContain(",-2.50,");
  });
});

import { describe, expect, it } from "vitest";
import { addDays, CLOSE_AFTER_MS, daysFrom, lastClosedDay, reportCsv, reportLines, reportTotals } from "./days";

describe("days", () => {
  it("counts and steps UTC days across months, years and a leap day", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysFrom("2024-01-01", "2025-01-01")).toBe(366);
  });

  it("closes a day a quarter of an hour after it ends", () => {
    const midnight = Date.parse("2026-11-24T00:00:00Z");
    expect(lastClosedDay(midnight + CLOSE_AFTER_MS - 1)).toBe("2026-11-22");
    expect(lastClosedDay(midnight + CLOSE_AFTER_MS)).toBe("2026-11-23");
  });
});

describe("reportLines", () => {
  const sums = [
    { day: "2026-11-02", currency: "USD", kind: "debit" as const, amount: "4.00", transfers: 2, rake: "0" },
    { day: "2026-11-02", currency: "USD", kind: "refund" as const, amount: "2.00", transfers: 1, rake: "0" },
    // A pot that settled: 0.10 to the house (its rake) and 1.90 to the platform. No player's money moves.
    { day: "2026-11-02", currency: "USD", kind: "settlement" as const, amount: "2.00", transfers: 2, rake: "0.10" },
    { day: "2026-11-02", currency: "USD", kind: "credit" as const, amount: "1.25", transfers: 1, rake: "0" },
    { day: "2026-11-03", currency: "JPY", kind: "deposit" as const, amount: "500", transfers: 1, rake: "0" },
  ];
  const lines = reportLines({ from: "2026-11-02", to: "2026-11-03", before: [{ currency: "USD", kind: "deposit", amount: "10" }], sums });

  it("gives every currency a line each day, in order, carrying each closing balance to the next opening", () => {
    expect(lines.map((l) => [l.date, l.currency, l.opening_balance, l.closing_balance])).toEqual([
      ["2026-11-02", "JPY", "0", "0"],
      ["2026-11-02", "USD", "10.00", "9.25"],
      ["2026-11-03", "JPY", "0", "500"],
      ["2026-11-03", "USD", "9.25", "9.25"],
    ]);
  });

  it("takes the rake recognised at settlement, which moves no player's balance, counts the transfers of each kind, and gives GGR as bets − refunds − wins", () => {
    expect(lines[1]).toMatchObject({ bets: "4.00", refunds: "2.00", wins: "1.25", ggr: "0.75", deposits: "0.00", rake: "0.10", bet_count: 2, refund_count: 1, win_count: 1, deposit_count: 0 });
    // A loss for the house is a negative GGR.
    expect(reportLines({ from: "2026-11-02", to: "2026-11-02", before: [], sums: [{ ...sums[0]!, amount: "1" }, { ...sums[3]!, amount: "3" }] })[0]!.ggr).toBe("-2.00");
  });

  it("totals each currency over the range: first opening, last closing, the columns summed", () => {
    expect(reportTotals(lines)).toEqual([
      { currency: "JPY", opening_balance: "0", deposits: "500", bets: "0", wins: "0", refunds: "0", adjustments: "0", ggr: "0", rake: "0", closing_balance: "500", deposit_count: 1, bet_count: 0, win_count: 0, refund_count: 0, adjustment_count: 0 },
      { currency: "USD", opening_balance: "10.00", deposits: "0.00", bets: "4.00", wins: "1.25", refunds: "2.00", adjustments: "0.00", ggr: "0.75", rake: "0.10", closing_balance: "9.25", deposit_count: 0, bet_count: 2, win_count: 1, refund_count: 1, adjustment_count: 0 },
    ]);
  });

  it("counts adjustments signed, into the closing balance and the next opening, and leaves them out of GGR", () => {
    // Net of the day's adjustments as the sums keep them: 5.00 paid, 1.50 taken.
    const adjusted = reportLines({
      from: "2026-11-02",
      to: "2026-11-03",
      before: [{ currency: "USD", kind: "deposit", amount: "10" }, { currency: "USD", kind: "adjustment", amount: "-2.00" }],
      sums: [sums[0]!, { day: "2026-11-02", currency: "USD", kind: "adjustment", amount: "3.50", transfers: 2, rake: "0" }],
    });
    expect(adjusted.map((l) => [l.date, l.opening_balance, l.bets, l.adjustments, l.adjustment_count, l.ggr, l.closing_balance])).toEqual([
      ["2026-11-02", "8.00", "4.00", "3.50", 2, "4.00", "7.50"],
      ["2026-11-03", "7.50", "0.00", "0.00", 0, "0.00", "7.50"],
    ]);
    expect(reportTotals(adjusted)).toEqual([expect.objectContaining({ opening_balance: "8.00", adjustments: "3.50", adjustment_count: 2, closing_balance: "7.50" })]);
    const taken = reportLines({ from: "2026-11-02", to: "2026-11-02", before: [], sums: [{ day: "2026-11-02", currency: "USD", kind: "adjustment", amount: "-1.25", transfers: 1, rake: "0" }] });
    expect(taken[0]).toMatchObject({ adjustments: "-1.25", closing_balance: "-1.25", ggr: "0.00" });
  });

  it("writes the same lines as CSV, one a line, with a header, then a total per currency", () => {
    const text = reportCsv(lines.slice(0, 2), reportTotals(lines.slice(0, 2)).slice(1));
    expect(text.split("\r\n")).toEqual([
      "date,currency,opening_balance,deposits,bets,wins,refunds,adjustments,ggr,rake,closing_balance,deposit_count,bet_count,win_count,refund_count,adjustment_count",
      "2026-11-02,JPY,0,0,0,0,0,0,0,0,0,0,0,0,0,0",
      "2026-11-02,USD,10.00,0.00,4.00,1.25,2.00,0.00,0.75,0.10,9.25,0,2,1,1,0",
      "total,USD,10.00,0.00,4.00,1.25,2.00,0.00,0.75,0.10,9.25,0,2,1,1,0",
      "",
    ]);
  });
});

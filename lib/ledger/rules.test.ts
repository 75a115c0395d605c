import { describe, expect, it } from "vitest";
import { Decimal } from "@/lib/money/decimal";
import { adjustmentParts, creditParts, sameTransfer, signedBy, signedParts, splitDebit, rakeOf } from "./rules";

const d = (s: string) => new Decimal(s);
const text = (p: { real: Decimal; bonus: Decimal } | undefined) => p && { real: p.real.toFixed(), bonus: p.bonus.toFixed() };

describe("splitDebit", () => {
  it.each([
    ["10", "5", "3", { real: "3", bonus: "0" }],
    ["10", "5", "10", { real: "10", bonus: "0" }],
    ["10", "5", "12.5", { real: "10", bonus: "2.5" }],
    ["10", "5", "15", { real: "10", bonus: "5" }],
    ["0", "5", "5", { real: "0", bonus: "5" }],
    ["10", "5", "15.01", undefined],
    ["0", "0", "0.01", undefined],
  ])("real %s, bonus %s, bet %s", (real, bonus, amount, parts) => {
    expect(text(splitDebit({ real, bonus }, d(amount)))).toEqual(parts);
  });

  it("never splits into more or less than the bet", () => {
    for (const [real, bonus, bet] of [["0.1", "0.2", "0.3"], ["999999999999.99", "0.01", "1000000000000"]]) {
      const parts = splitDebit({ real: real!, bonus: bonus! }, d(bet!))!;
      expect(parts.real.plus(parts.bonus).toFixed()).toBe(d(bet!).toFixed());
    }
  });
});

describe("creditParts and signedParts", () => {
  it("puts a gift-spin win in bonus money and any other in real money", () => {
    expect(text(creditParts(d("5"), true))).toEqual({ real: "0", bonus: "5" });
    expect(text(creditParts(d("5"), false))).toEqual({ real: "5", bonus: "0" });
  });
  it("makes debits take and the rest give", () => {
    const parts = { real: d("2"), bonus: d("1") };
    expect(text(signedParts("debit", parts))).toEqual({ real: "-2", bonus: "-1" });
    for (const kind of ["deposit", "credit", "refund"] as const) expect(text(signedParts(kind, parts))).toEqual({ real: "2", bonus: "1" });
  });
});

describe("adjustmentParts", () => {
  const balance = { real: "3.00", bonus: "2.00" };
  it("gives a positive adjustment to real money", () => {
    const given = adjustmentParts(balance, d("4.50"))!;
    expect({ direction: given.direction, ...text(given.parts) }).toEqual({ direction: "in", real: "4.5", bonus: "0" });
  });
  it("takes a negative one from real money first, then bonus money, as a bet", () => {
    const some = adjustmentParts(balance, d("-2.50"))!;
    expect({ direction: some.direction, ...text(some.parts) }).toEqual({ direction: "out", real: "2.5", bonus: "0" });
    const all = adjustmentParts(balance, d("-5.00"))!;
    expect({ direction: all.direction, ...text(all.parts) }).toEqual({ direction: "out", real: "3", bonus: "2" });
  });
  it("takes nothing past the balance", () => {
    expect(adjustmentParts(balance, d("-5.01"))).toBeUndefined();
    expect(adjustmentParts({ real: "0", bonus: "0" }, d("-0.01"))).toBeUndefined();
  });
  it("signs what it takes negative and what it gives positive", () => {
    const parts = { real: d("2"), bonus: d("1") };
    expect(text(signedBy("out", parts))).toEqual({ real: "-2", bonus: "-1" });
    expect(text(signedBy("in", parts))).toEqual({ real: "2", bonus: "1" });
  });
});

describe("sameTransfer", () => {
  const a = { playerId: "p", amount: "1.50", currency: "USD", roundId: "r" };
  it("compares amounts as numbers", () => expect(sameTransfer(a, { ...a, amount: "1.5" })).toBe(true));
  it.each([["playerId", "q"], ["amount", "1.51"], ["currency", "EUR"], ["roundId", "s"]])("differs in %s", (field, value) =>
    expect(sameTransfer(a, { ...a, [field]: value })).toBe(false),
  );
});

describe("rakeOf", () => {
  it("takes the rate of the whole pot, rounded down once to the currency's minor units", () => {
    expect(rakeOf("5.00", "3.5", "USD").toFixed()).toBe("0.17");
    expect(rakeOf("10.00", "2.5", "USD").toFixed()).toBe("0.25");
    // Two bets of 7.50 at 5 %: 0.75 on the pot, where rounding each bet's 0.375 would make 0.74 or 0.76.
    expect(rakeOf("15.00", "5", "USD").toFixed()).toBe("0.75");
    expect(rakeOf("1500", "2.5", "JPY").toFixed()).toBe("37");
    expect(rakeOf("1.000", "0.5", "KWD").toFixed()).toBe("0.005");
    expect(rakeOf("4.00", "100", "USD").toFixed()).toBe("4");
    expect(rakeOf("0", "5", "USD").toFixed()).toBe("0");
  });
});

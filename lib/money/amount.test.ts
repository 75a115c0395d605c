import { Decimal } from "@/lib/money/decimal";
import { describe, expect, it } from "vitest";
import { amountProblem, formatMoney, moneyAsNumber } from "./amount";
import { minorUnits } from "./currencies";

describe("minorUnits", () => {
  it.each([
    ["USD", 2],
    ["EUR", 2],
    ["JPY", 0],
    ["KRW", 0],
    ["KWD", 3],
    ["BHD", 3],
    ["CLF", 4],
    ["CHIPS", 8],
    ["XAU", 8],
  ])("%s has %i", (code, units) => expect(minorUnits(code)).toBe(units));
});

describe("formatMoney", () => {
  it.each([
    ["1000", "USD", "1000.00"],
    ["0.1", "USD", "0.10"],
    ["12.50000000", "USD", "12.50"],
    ["1250", "JPY", "1250"],
    ["1.234", "KWD", "1.234"],
    ["5", "CHIPS", "5.00000000"],
    ["999999999999.99", "USD", "999999999999.99"],
  ])("%s %s is %s", (amount, currency, text) => expect(formatMoney(amount, currency)).toBe(text));
});

describe("amountProblem", () => {
  const check = (amount: string, currency = "USD", min = "0.01") => amountProblem(new Decimal(amount), currency, { min });
  it.each([
    ["0.01", "USD", undefined],
    ["0.009", "USD", "must be at least 0.01"],
    ["999999999999.99", "USD", undefined],
    ["1000000000000", "USD", "must be less than 1000000000000"],
    ["1.005", "USD", "must have at most 2 decimal places in USD"],
    ["1.5", "JPY", "must be a whole number in JPY"],
    ["1.234", "KWD", undefined],
    ["0.00000001", "CHIPS", "must be at least 0.01"],
  ])("%s %s: %s", (amount, currency, problem) => expect(check(amount, currency)).toBe(problem));

  it("accepts zero where the minimum is zero", () => expect(check("0", "USD", "0")).toBeUndefined());
});

describe("moneyAsNumber", () => {
  it("gives back the number a client sent, for amounts read from JSON numbers", () => {
    for (const sent of [0.01, 0.1, 1.5, 19.99, 123456.78, 99999999.99]) {
      expect(moneyAsNumber(new Decimal(sent).toFixed(8))).toBe(sent);
    }
  });
});

describe("Decimal", () => {
  it("adds the largest balances without rounding", () => {
    const max = new Decimal("999999999999.99999999");
    expect(max.plus(max).toFixed()).toBe("1999999999999.99999998");
  });
});

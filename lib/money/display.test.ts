import { describe, expect, it } from "vitest";
import { acceptDecimalComma, displayAmount, displayMoney } from "./display";

describe("displayMoney", () => {
  it.each([
    ["50000", "JPY", "50,000 JPY"],
    ["1234.5", "USD", "1,234.50 USD"],
    ["100", "USD", "100.00 USD"],
    [2.5, "EUR", "2.50 EUR"],
    ["1.234", "KWD", "1.234 KWD"],
    ["5", "CHIPS", "5.00000000 CHIPS"],
    ["0", "USD", "0.00 USD"],
  ])("%s %s reads %s", (amount, currency, text) => expect(displayMoney(amount, currency)).toBe(text));

  it("is exact where a float is not", () => {
    expect(displayAmount("999999999999.99999999", "CHIPS")).toBe("999,999,999,999.99999999");
    expect(displayAmount("90071992547409.93", "USD")).toBe("90,071,992,547,409.93");
    expect(displayAmount(1e-8, "CHIPS")).toBe("0.00000001");
  });
});

describe("acceptDecimalComma", () => {
  it.each([
    ["2,50", "2.50"],
    [" 10,5 ", "10.5"],
    ["2.50", "2.50"],
    ["1,234.50", "1,234.50"],
    ["1,2,3", "1,2,3"],
    ["abc", "abc"],
  ])("%j becomes %j", (typed, read) => expect(acceptDecimalComma(typed)).toBe(read));
});

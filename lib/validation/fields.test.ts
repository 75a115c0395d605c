import { describe, expect, it } from "vitest";
import { currencyCode, plainText, signedMoneyInput } from "./fields";

describe("currencyCode", () => {
  it.each([
    ["usd", "USD"],
    [" eur ", "EUR"],
    ["X1", "X1"],
  ])("reads %j as %s", (input, code) => {
    expect(currencyCode.parse(input)).toBe(code);
  });

  // Unicode upper-casing maps ſ (long s) to S and ı (dotless i) to I: checked as ASCII first.
  it.each(["uſd", "usd\u0000", "ıdr", "ＵＳＤ", "", "ABCDEFGHIJK"])("refuses %j", (input) => {
    expect(currencyCode.safeParse(input).success).toBe(false);
  });
});

describe("plainText", () => {
  it("refuses control characters, NUL among them, and text past its length", () => {
    expect(plainText(10).safeParse("a\u0000b").success).toBe(false);
    expect(plainText(10).safeParse("a\nb").success).toBe(false);
    expect(plainText(3).safeParse("abcd").success).toBe(false);
    expect(plainText(10).parse("a b")).toBe("a b");
  });
});

describe("signedMoneyInput", () => {
  it.each([
    ["25.00", "25"],
    ["-10.50", "-10.5"],
    ["0.01", "0.01"],
    ["-999999999999.99999999", "-999999999999.99999999"],
  ])("reads %j as %s", (input, amount) => {
    expect(signedMoneyInput.parse(input).toFixed()).toBe(amount);
  });

  it.each([
    ["0", "must not be 0"],
    ["-0.00", "must not be 0"],
    ["1000000000000", "must be more than -1000000000000 and less than 1000000000000"],
    ["-1000000000000", "must be more than -1000000000000 and less than 1000000000000"],
    ["+5", "must be a decimal string"],
    ["1e3", "must be a decimal string"],
    ["5,00", "must be a decimal string"],
    [" 5", "must be a decimal string"],
    [5, "must be a decimal string such as 25.00 or -10.50"],
  ])("refuses %j: %s", (input, message) => {
    const result = signedMoneyInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toContain(message);
  });
});

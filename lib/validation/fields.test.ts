import { describe, expect, it } from "vitest";
import { currencyCode, plainText } from "./fields";

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

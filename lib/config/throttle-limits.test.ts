import { describe, expect, it } from "vitest";
import { parseLimit } from "./throttle-limits";

describe("parseLimit", () => {
  it.each([
    ["5/900", { failures: 5, windowSeconds: 900 }],
    [" 60/60 ", { failures: 60, windowSeconds: 60 }],
    ["1/86400", { failures: 1, windowSeconds: 86_400 }],
    ["off", undefined],
    ["OFF", undefined],
  ])("reads %j", (text, limit) => {
    expect(parseLimit(text)).toEqual(limit);
  });

  it.each(["", "5", "5/", "/60", "0/60", "5/0", "5/86401", "-1/60", "5.5/60", "5 / 60", "five/60"])("refuses %j", (text) => {
    expect(() => parseLimit(text)).toThrow(/failures\/seconds/);
  });
});

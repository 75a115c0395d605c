import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/env";
import { parseRakePercentages } from "./room-rake";

describe("parseRakePercentages", () => {
  it.each([
    ["0,2.5,5", [0, 2.5, 5]],
    [" 5 , 2.50 ,0 ", [5, 2.5, 0]],
    ["100", [100]],
    ["0.01,99.99", [0.01, 99.99]],
  ])("reads %j in the operator's order", (text, values) => {
    expect(parseRakePercentages(text)).toEqual(values);
  });

  it.each([
    ["0,,5", /"" is not such a number/],
    ["0,2.5,", /"" is not such a number/],
    ["-1", /"-1" is not such a number/],
    ["five", /"five" is not such a number/],
    ["1e1", /"1e1" is not such a number/],
    ["2,5%", /"5%" is not such a number/],
    ["100.5", /100.5 must be at most 100/],
    ["2.555", /2.555 must have at most 2 decimal places/],
    ["2.5,2.50", /lists 2.5 more than once/],
  ])("refuses %j", (text, message) => {
    expect(() => parseRakePercentages(text)).toThrow(message);
  });
});

describe("ROOM_RAKE_PERCENTAGES", () => {
  it("is unset by default: any rake from 0 to 100", () => {
    expect(parseConfig({ PGLITE_DIR: "memory://" }).roomRakePercentages).toBeUndefined();
    expect(parseConfig({ PGLITE_DIR: "memory://", ROOM_RAKE_PERCENTAGES: "" }).roomRakePercentages).toBeUndefined();
  });

  it("is read into the list of allowed rakes", () => {
    expect(parseConfig({ PGLITE_DIR: "memory://", ROOM_RAKE_PERCENTAGES: "0,2.5,5" }).roomRakePercentages).toEqual([0, 2.5, 5]);
  });

  it("stops the start with one line that names the setting and the bad value", () => {
    expect(() => parseConfig({ PGLITE_DIR: "memory://", ROOM_RAKE_PERCENTAGES: "0,2.5,150" })).toThrow(
      /^ROOM_RAKE_PERCENTAGES: ROOM_RAKE_PERCENTAGES must list numbers from 0 to 100 with at most 2 decimals, separated by commas, such as 0,2.5,5; 150 must be at most 100$/,
    );
  });
});

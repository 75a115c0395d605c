import { describe, expect, it } from "vitest";
import { isXid, snapshotHolds } from "./snapshot";

describe("snapshotHolds", () => {
  it.each([
    ["100:110:", "99", true],
    ["100:110:", "100", true],
    ["100:110:", "109", true],
    ["100:110:", "110", false],
    ["100:110:", "250", false],
    ["100:110:103,107", "103", false],
    ["100:110:103,107", "104", true],
    ["100:110:103,107", "107", false],
  ])("snapshot %s holds xid %s: %s", (snapshot, xid, holds) => {
    expect(snapshotHolds(snapshot, xid)).toBe(holds);
  });

  it("reads ids past 2^53 exactly", () => {
    // As floats, ...993 and ...992 are one number, and ...994 would not be told from them.
    expect(snapshotHolds("9007199254740993:9007199254740995:9007199254740994", "9007199254740994")).toBe(false);
    expect(snapshotHolds("9007199254740993:9007199254740995:9007199254740994", "9007199254740993")).toBe(true);
    expect(snapshotHolds("9007199254740993:9007199254740995:", "9007199254740995")).toBe(false);
  });

  it.each([undefined, "", "garbage", "1:x:", "a:2:"])("holds nothing for the unreadable snapshot %s", (snapshot) => {
    expect(snapshotHolds(snapshot, "1")).toBe(false);
  });

  it("refuses ids that are not whole numbers", () => {
    expect(snapshotHolds("100:110:", "-1")).toBe(false);
    expect(isXid("12a")).toBe(false);
    expect(isXid("123")).toBe(true);
  });
});

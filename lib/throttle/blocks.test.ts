import { describe, expect, it } from "vitest";
import { blockedUntil, rememberBlock } from "./blocks";

describe("blocks remembered in memory", () => {
  it("hold until the window ends, per scope and address", () => {
    rememberBlock("player_token", "192.0.2.1", 2_000, 1_000);
    expect(blockedUntil("player_token", "192.0.2.1", 1_999)).toBe(2_000);
    expect(blockedUntil("admin_token", "192.0.2.1", 1_999)).toBeUndefined();
    expect(blockedUntil("player_token", "192.0.2.2", 1_999)).toBeUndefined();
    expect(blockedUntil("player_token", "192.0.2.1", 2_000)).toBeUndefined();
  });

  it("stay bounded: a table full of live blocks drops its oldest entry", () => {
    for (let i = 0; i < 10_000; i++) rememberBlock("admin_sign_in", `198.51.100.${i}`, 100_000, 0);
    rememberBlock("admin_sign_in", "203.0.113.1", 100_000, 0);
    expect(blockedUntil("admin_sign_in", "203.0.113.1", 1)).toBe(100_000);
    expect(blockedUntil("admin_sign_in", "198.51.100.0", 1)).toBeUndefined();
    expect(blockedUntil("admin_sign_in", "198.51.100.1", 1)).toBe(100_000);
  });
});

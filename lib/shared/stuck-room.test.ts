import { describe, expect, it } from "vitest";
import { isStuck } from "./stuck-room";

describe("isStuck", () => {
  const now = Date.parse("2026-11-24T12:00:00.000Z");
  it("flags a room playing, unchanged, past the age", () => {
    expect(isStuck({ status: "playing", updated_at: "2026-11-24T09:59:59.000Z" }, 7200, now)).toBe(true);
    expect(isStuck({ status: "playing", updated_at: "2026-11-24T10:00:00.000Z" }, 7200, now)).toBe(false);
  });
  it("never flags a waiting or finished room, however old", () => {
    expect(isStuck({ status: "waiting", updated_at: "2026-10-01T00:00:00.000Z" }, 7200, now)).toBe(false);
    expect(isStuck({ status: "finished", updated_at: "2026-10-01T00:00:00.000Z" }, 7200, now)).toBe(false);
  });
});

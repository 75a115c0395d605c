import { describe, expect, it } from "vitest";
import { isJoinable } from "./rules";

describe("isJoinable", () => {
  it.each([
    ["waiting", 1, 2, true],
    ["waiting", 3, 4, true],
    ["waiting", 2, 2, false],
    ["playing", 1, 4, false],
    ["finished", 0, 2, false],
  ] as const)("%s with %i of %i seats: %s", (status, currentPlayers, playerLimit, joinable) =>
    expect(isJoinable({ status, currentPlayers, playerLimit })).toBe(joinable),
  );
});

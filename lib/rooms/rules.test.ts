import { describe, expect, it } from "vitest";
import { isJoinable, rakeProblem } from "./rules";

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

describe("rakeProblem", () => {
  it.each([
    [0, undefined, undefined],
    [37.25, undefined, undefined],
    [0, [0, 2.5, 5], undefined],
    [2.5, [0, 2.5, 5], undefined],
    [Number("2.50"), [0, 2.5, 5], undefined],
    [5, [5, 2.5], undefined],
    [3, [0, 2.5, 5], "must be one of 0, 2.5, 5"],
    [0, [2.5, 5], "must be one of 2.5, 5"],
    [2.51, [2.5], "must be one of 2.5"],
  ] as const)("rake %d with %j allowed: %s", (rake, allowed, problem) => expect(rakeProblem(rake, allowed)).toBe(problem));
});

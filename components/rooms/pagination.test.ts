import { describe, expect, it } from "vitest";
import { pagesToShow } from "./pagination";

describe("pagesToShow", () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [5, 10, [1, "gap", 4, 5, 6, "gap", 10]],
    [2, 10, [1, 2, 3, "gap", 10]],
    [10, 10, [1, "gap", 9, 10]],
  ] as const)("page %i of %i", (page, total, shown) => expect(pagesToShow(page, total)).toEqual(shown));
});

import { describe, expect, it } from "vitest";
import { pageOffset, totalPages } from "./pagination";

describe("paging", () => {
  it.each([
    [0, 20, 0],
    [1, 20, 1],
    [20, 20, 1],
    [21, 20, 2],
    [1_000_000, 100, 10_000],
  ])("%i records at %i a page make %i pages", (total, limit, pages) => expect(totalPages(total, limit)).toBe(pages));

  it("page 1 starts at 0 and page 3 of 20 at 40", () => {
    expect(pageOffset(1, 20)).toBe(0);
    expect(pageOffset(3, 20)).toBe(40);
  });
});

import { describe, expect, it } from "vitest";
import { apiSearch, withFilters, withPage } from "./lobby-search";

describe("lobby search", () => {
  it("passes the API only its own, non-empty parameters", () => {
    expect(apiSearch(new URLSearchParams("token=secret&status=&currency=USD&page=2&utm=x"))).toBe("currency=USD&page=2");
  });
  it("starts new filters on page 1 and drops empty ones", () => {
    expect(withFilters({ currency: " EUR ", player_limit: "4", status: "" })).toBe("/?player_limit=4&currency=EUR");
    expect(withFilters({})).toBe("/");
  });
  it("changes the page and keeps the filters", () => {
    const params = new URLSearchParams("currency=USD&page=2");
    expect(withPage(params, 3)).toBe("/?currency=USD&page=3");
    expect(withPage(params, 1)).toBe("/?currency=USD");
  });
});

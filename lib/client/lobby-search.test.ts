import { describe, expect, it } from "vitest";
import { allRooms, apiSearch, isDefaultView, viewParams, withFilters, withPage } from "./lobby-search";

describe("lobby search", () => {
  it("passes the API only its own, non-empty parameters, less those dropped", () => {
    expect(apiSearch(new URLSearchParams("token=secret&status=&currency=USD&page=2&utm=x"))).toBe("currency=USD&page=2");
    expect(apiSearch(new URLSearchParams("min_bet_amount=abc&currency=USD&sort=filling"), ["min_bet_amount"])).toBe("currency=USD&sort=filling");
  });

  it("shows the player's own currency, waiting, when the address names no view", () => {
    for (const address of ["", "token=abc", "status=&page="]) {
      const params = new URLSearchParams(address);
      expect(isDefaultView(params)).toBe(true);
      expect(apiSearch(viewParams(params, "JPY"))).toBe("status=waiting&currency=JPY");
    }
    const chosen = new URLSearchParams("sort=newest");
    expect(isDefaultView(chosen)).toBe(false);
    expect(apiSearch(viewParams(chosen, "JPY"))).toBe("sort=newest");
  });

  it("starts new filters on page 1, drops empty ones, and always names the sort", () => {
    expect(withFilters({ currency: " EUR ", player_limit: "4", status: "" })).toBe("/?player_limit=4&currency=EUR&sort=newest");
    expect(withFilters({ sort: "bet_desc" })).toBe("/?sort=bet_desc");
    expect(withFilters({})).toBe("/?sort=newest");
  });

  it("shows all rooms in the view's order", () => {
    expect(allRooms(new URLSearchParams("status=waiting&currency=USD&sort=filling&page=3"))).toBe("/?sort=filling");
    expect(allRooms(new URLSearchParams(""))).toBe("/?sort=newest");
  });

  it("changes the page and keeps the view", () => {
    const params = new URLSearchParams("currency=USD&sort=bet_asc&page=2");
    expect(withPage(params, 3)).toBe("/?currency=USD&sort=bet_asc&page=3");
    expect(withPage(params, 1)).toBe("/?currency=USD&sort=bet_asc");
    expect(withPage(new URLSearchParams("status=waiting&currency=USD"), 2)).toBe("/?status=waiting&currency=USD&page=2&sort=newest");
  });
});

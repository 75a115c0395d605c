import { describe, expect, it } from "vitest";
import { apiCookieHeader, isApiPath } from "./api-cookies";

describe("the cookies an API route gets", () => {
  it("keeps the first admin session cookie alone", () => {
    expect(apiCookieHeader("a=1; lobby_admin=123.abc; b=2; lobby_admin=second")).toBe("lobby_admin=123.abc");
    expect(apiCookieHeader("a=1;b=2")).toBeUndefined();
    expect(apiCookieHeader("lobby_admin_other=1; xlobby_admin=2")).toBeUndefined();
  });

  it("finds the session cookie behind 2,700 other names", () => {
    const header = Array.from({ length: 2700 }, (_, i) => `${i}=`).join(";") + ";lobby_admin=1.f";
    expect(apiCookieHeader(header)).toBe("lobby_admin=1.f");
  });

  it.each([
    ["/v1", true],
    ["/v1/rooms", true],
    ["/wallet/credit", true],
    ["/metrics", true],
    ["/v1x", false],
    ["/admin", false],
    ["/", false],
    ["/rooms/v1", false],
  ])("%s is the API's: %s", (path, api) => {
    expect(isApiPath(path)).toBe(api);
  });
});

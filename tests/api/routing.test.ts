import { describe, expect, it } from "vitest";
import { call, expectError, get, newPlayer, targets } from "./helpers";

describe.each(targets)("$name: health, unknown paths and methods", (t) => {
  it("GET /v1 answers the health envelope without a token", async () => {
    const answer = await get(t, "/v1");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ type: "success", status: 200, message: "Room lobby API is running" });
    expect(answer.headers.get("x-request-id")).toBeTruthy();
  });

  it("echoes a caller's X-Request-Id", async () => {
    const answer = await get(t, "/v1", { headers: { "x-request-id": "trace-123" } });
    expect(answer.headers.get("x-request-id")).toBe("trace-123");
  });

  it("answers an unknown path under /v1 with a 404 envelope", async () => {
    expectError(await get(t, "/v1/nothing/here"), 404, "not_found");
    expectError(await call(t, "POST", "/v1/roomz", {}), 404, "not_found");
  });

  it.each([
    ["DELETE", "/v1/rooms"],
    ["PUT", "/v1/rooms"],
    ["POST", "/v1/player/me"],
    ["PATCH", "/v1/player/balance"],
    ["POST", "/v1"],
    ["DELETE", "/v1/admin/players"],
    ["POST", "/v1/player/transactions"],
    ["POST", "/v1/rooms/x/result"],
  ])("answers %s %s with 405", async (method, path) => {
    const { token } = await newPlayer(t);
    expectError(await call(t, method, path, undefined, { token }), 405, "method_not_allowed");
  });
});

import { describe, expect, it } from "vitest";
import { EXPIRED_TOKEN } from "./fixture";
import { expectError, get, newPlayer, post, targets } from "./helpers";

const PLAYER_ENDPOINTS = ["/v1/rooms", "/v1/rooms/00000000-0000-4000-9000-000000000000", "/v1/player/me", "/v1/player/balance"];

describe.each(targets)("$name: player token", (t) => {
  describe.each(PLAYER_ENDPOINTS)("GET %s", (path) => {
    it("401 token_missing without X-Player-Token", async () => {
      expectError(await get(t, path), 401, "token_missing");
    });
    it("401 token_invalid for a malformed token", async () => {
      expectError(await get(t, path, { token: "not a token" }), 401, "token_invalid");
    });
    it("401 token_invalid for a well-formed token that was never issued", async () => {
      expectError(await get(t, path, { token: "A".repeat(43) }), 401, "token_invalid");
    });
    it("401 token_expired for an expired token", async () => {
      expectError(await get(t, path, { token: EXPIRED_TOKEN }), 401, "token_expired");
    });
  });

  it("POST /v1/rooms checks the token before the body", async () => {
    expectError(await post(t, "/v1/rooms", { nonsense: true }), 401, "token_missing");
    expectError(await post(t, "/v1/rooms", undefined, { raw: "{bad json", token: "A".repeat(43) }), 401, "token_invalid");
  });

  it("a player may hold several tokens, each working", async () => {
    const player = await newPlayer(t);
    const second = await post(t, `/v1/admin/players/${player.id}/tokens`, {}, { admin: t.adminToken });
    for (const token of [player.token, second.body.data.token]) {
      const me = await get(t, "/v1/player/me", { token });
      expect(me.status).toBe(200);
      expect(me.body.data.username).toBe(player.username);
    }
  });
});

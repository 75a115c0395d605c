import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { expectError, get, newPlayer, post, targets, unique, describePostgres } from "./helpers";
import { hashLaunchToken } from "@/lib/players/launch-token";

describe.each(targets)("$name: admin API", (t) => {
  const admin = t.adminToken;

  describe("authorization", () => {
    it.each([
      ["no header", {}],
      ["a wrong token", { admin: "wrong-token-of-some-length" }],
      ["a Basic scheme", { headers: { authorization: `Basic ${t.adminToken}` } }],
    ])("401 admin_unauthorized with %s", async (_, options) => {
      expectError(await post(t, "/v1/admin/players", { username: unique("u"), currency: "USD" }, options), 401, "admin_unauthorized");
    });

    it("a player token is no admin token", async () => {
      const made = await post(t, "/v1/admin/players", { username: unique("u"), currency: "USD" }, { admin });
      const issued = await post(t, `/v1/admin/players/${made.body.data.id}/tokens`, {}, { admin });
      expectError(await post(t, "/v1/admin/players", { username: unique("u"), currency: "USD" }, { admin: issued.body.data.token }), 401, "admin_unauthorized");
    });
  });

  it("writes registering a player and issuing a launch address to the audit log, never the token", async () => {
    const username = unique("audited");
    const tag = unique("req");
    const before = Date.now();
    const made = await post(t, "/v1/admin/players", { username, currency: "EUR", balance: "7" }, { admin, headers: { "x-request-id": `${tag}-create` } });
    const issued = await post(t, `/v1/admin/players/${made.body.data.id}/tokens`, { ttl_seconds: 600 }, { admin, headers: { "x-request-id": `${tag}-token` } });
    const after = Date.now();
    const actions = (await get(t, "/v1/admin/audit?limit=100", { admin })).body.data.actions as { request_id: string; created_at: string }[];
    const mine = actions.filter((a) => a.request_id.startsWith(tag));
    expect(mine).toEqual([
      expect.objectContaining({ action: "issue_launch_token", player_id: made.body.data.id, details: { expires_at: issued.body.data.expires_at } }),
      expect.objectContaining({ action: "create_player", player_id: made.body.data.id, details: { username, currency: "EUR", balance: "7" } }),
    ]);
    for (const a of mine) expect(Date.parse(a.created_at)).toSatisfy((at: number) => at >= before && at <= after);
    expect(JSON.stringify(mine)).not.toContain(issued.body.data.token);
  });

  describe("POST /v1/admin/players", () => {
    it("creates a player and answers 201 with the whole player", async () => {
      const username = unique("alice");
      const answer = await post(t, "/v1/admin/players", { username, currency: "usd", balance: "100.5", avatar: { name: "fox", url: "https://cdn.example.com/fox.png" } }, { admin });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        type: "success",
        status: 201,
        data: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          username,
          balance: "100.50",
          currency: "USD",
          avatar: { name: "fox", url: "https://cdn.example.com/fox.png" },
          real_balance: "100.50",
          bonus_balance: "0.00",
          blocked: null,
          pending_adjustments: 0,
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      });
    });

    it("defaults the balance to zero and gives a default avatar", async () => {
      const answer = await post(t, "/v1/admin/players", { username: unique("bob"), currency: "JPY" }, { admin });
      expect(answer.status).toBe(201);
      expect(answer.body.data.balance).toBe("0");
      expect(answer.body.data.avatar).toEqual({ name: "default", url: "/avatars/default.svg" });
    });

    it("409 username_taken for a username in use", async () => {
      const username = unique("carol");
      expect((await post(t, "/v1/admin/players", { username, currency: "USD" }, { admin })).status).toBe(201);
      expectError(await post(t, "/v1/admin/players", { username, currency: "EUR" }, { admin }), 409, "username_taken");
    });

    it.each([
      ["no username", { currency: "USD" }, "username"],
      ["a 51-character username", { username: "u".repeat(51), currency: "USD" }, "username"],
      ["an 11-character currency", { username: "x", currency: "ABCDEFGHIJK" }, "currency"],
      ["a negative balance", { username: "x", currency: "USD", balance: "-1" }, "balance"],
      ["a balance with three decimals in USD", { username: "x", currency: "USD", balance: "1.005" }, "balance"],
      ["a fractional balance in JPY", { username: "x", currency: "JPY", balance: "1.5" }, "balance"],
      ["a balance in exponent form", { username: "x", currency: "USD", balance: "1e3" }, "balance"],
      ["a balance past the column's range", { username: "x", currency: "USD", balance: "1000000000000" }, "balance"],
      ["an avatar with a javascript: URL", { username: "x", currency: "USD", avatar: { name: "a", url: "javascript:alert(1)" } }, "avatar.url"],
      ["an unknown field", { username: "x", currency: "USD", role: "admin" }, "role"],
    ])("400 validation_failed for %s", async (_, body, path) => {
      const answer = await post(t, "/v1/admin/players", body, { admin });
      expectError(answer, 400, "validation_failed");
      expect(answer.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    });
  });

  describe("POST /v1/admin/players/{player_id}/tokens", () => {
    it("issues a token with a launch address and an expiry, usable at once", async () => {
      const made = await post(t, "/v1/admin/players", { username: unique("dave"), currency: "USD" }, { admin });
      const before = Date.now();
      const answer = await post(t, `/v1/admin/players/${made.body.data.id}/tokens`, { ttl_seconds: 3600 }, { admin });
      const after = Date.now();
      expect(answer.status).toBe(201);
      const { token, launch_url, expires_at } = answer.body.data;
      expect(Object.keys(answer.body.data).sort()).toEqual(["expires_at", "launch_url", "token"]);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(launch_url).toBe(`${t.baseUrl}/?token=${token}`);
      // An hour from the moment it was issued, somewhere between the call and its answer.
      expect(Date.parse(expires_at)).toBeGreaterThanOrEqual(before + 3600_000);
      expect(Date.parse(expires_at)).toBeLessThanOrEqual(after + 3600_000);
      expect((await get(t, "/v1/player/me", { token })).status).toBe(200);
    });

    it("defaults to a 24-hour lifetime, with or without a body", async () => {
      const made = await post(t, "/v1/admin/players", { username: unique("erin"), currency: "USD" }, { admin });
      for (const body of [undefined, {}]) {
        const before = Date.now();
        const answer = await post(t, `/v1/admin/players/${made.body.data.id}/tokens`, body, { admin });
        const after = Date.now();
        expect(answer.status).toBe(201);
        expect(Date.parse(answer.body.data.expires_at)).toBeGreaterThanOrEqual(before + 86_400_000);
        expect(Date.parse(answer.body.data.expires_at)).toBeLessThanOrEqual(after + 86_400_000);
      }
    });

    it.each([
      [59, 400],
      [60, 201],
      [2_592_000, 201],
      [2_592_001, 400],
      [1.5, 400],
      ["3600", 400],
    ])("ttl_seconds %s answers %s", async (ttl, status) => {
      const made = await post(t, "/v1/admin/players", { username: unique("fay"), currency: "USD" }, { admin });
      const answer = await post(t, `/v1/admin/players/${made.body.data.id}/tokens`, { ttl_seconds: ttl }, { admin });
      if (status === 400) expectError(answer, 400, "validation_failed");
      else expect(answer.status).toBe(201);
    });

    it.each(["00000000-0000-4000-8000-999999999999", "no%20such%00player"])("404 player_not_found for %s", async (id) => {
      expectError(await post(t, `/v1/admin/players/${id}/tokens`, {}, { admin }), 404, "player_not_found");
    });
  });

  describe("POST /v1/admin/players/{player_id}/tokens/revoke", () => {
    it("revokes every token of the player, which then answers 401 token_invalid, and is audited", async () => {
      const player = await newPlayer(t);
      const other = await newPlayer(t);
      const second = (await post(t, `/v1/admin/players/${player.id}/tokens`, {}, { admin })).body.data.token as string;
      for (const token of [player.token, second]) expect((await get(t, "/v1/player/me", { token })).status).toBe(200);

      const tag = unique("revoke");
      const answer = await post(t, `/v1/admin/players/${player.id}/tokens/revoke`, undefined, { admin, headers: { "x-request-id": tag } });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ type: "success", status: 200, data: { revoked: 2 } });
      for (const token of [player.token, second]) expectError(await get(t, "/v1/player/me", { token }), 401, "token_invalid");
      expect((await get(t, "/v1/player/me", { token: other.token })).status).toBe(200);

      const again = await post(t, `/v1/admin/players/${player.id}/tokens/revoke`, undefined, { admin });
      expect(again.body.data).toEqual({ revoked: 0 });
      const fresh = (await post(t, `/v1/admin/players/${player.id}/tokens`, {}, { admin })).body.data.token as string;
      expect((await get(t, "/v1/player/me", { token: fresh })).status).toBe(200);

      const actions = (await get(t, "/v1/admin/audit?limit=100", { admin })).body.data.actions as { request_id: string }[];
      const row = actions.find((a) => a.request_id === tag);
      expect(row).toMatchObject({ action: "revoke_tokens", actor: "owner", player_id: player.id, details: { revoked: 2 } });
      expect(JSON.stringify(row)).not.toContain(player.token);
    });

    it.each(["00000000-0000-4000-8000-999999999999", "no%20such%00player"])("404 player_not_found for %s", async (id) => {
      expectError(await post(t, `/v1/admin/players/${id}/tokens/revoke`, undefined, { admin }), 404, "player_not_found");
    });

    it("401 without the admin token, and revokes nothing", async () => {
      const player = await newPlayer(t);
      expectError(await post(t, `/v1/admin/players/${player.id}/tokens/revoke`, undefined, { admin: "wrong-token-of-some-length" }), 401, "admin_unauthorized");
      expect((await get(t, "/v1/player/me", { token: player.token })).status).toBe(200);
    });
  });
});

describePostgres("launch tokens at rest", (t) => {
  it("keeps only the token's SHA-256 hash and its expiry: the token itself is nowhere in the database row", async () => {
    const player = await newPlayer(t);
    const sql = postgres(t.databaseUrl!, { max: 1, onnotice: () => {} });
    try {
      const rows = await sql`select * from launch_tokens where player_id = ${player.id}`;
      expect(rows).toHaveLength(1);
      expect(rows[0]!.token_hash).toBe(hashLaunchToken(player.token));
      expect(JSON.stringify(rows)).not.toContain(player.token);
    } finally {
      await sql.end();
    }
  });
});

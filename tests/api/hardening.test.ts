import { describe, expect, it } from "vitest";
import { call, expectError, get, newPlayer, post, targets, unique } from "./helpers";
import { logLines } from "./log-helpers";
import { callWallet, creditBody } from "./wallet-helpers";

// What an outside review found: odd input answered 400 instead of 500, a currency that is not ASCII,
// a player's waiting rooms capped, answers kept out of caches, sign-out from another site, and a
// balance that would overflow its column.

const room = (currency = "USD") => ({ name: "Hardening table", bet_amount: 0.01, currency, player_limit: 2, turn: 10 });

describe.each(targets)("$name: hardening", (t) => {
  const admin = { admin: t.adminToken };

  it("refuses a NUL byte in an admin avatar address or search with 400, never 500", async () => {
    const avatar = { name: "nul", url: "https://example.com/a\u0000b.png" };
    const made = await post(t, "/v1/admin/players", { username: unique("nul"), currency: "USD", avatar }, admin);
    expectError(made, 400, "validation_failed");
    expect(made.body.errors).toEqual([expect.objectContaining({ path: "avatar.url", message: expect.stringMatching(/control characters/) })]);
    const searched = await get(t, "/v1/admin/rooms?q=a%00b", admin);
    expectError(searched, 400, "validation_failed");
    expect(searched.body.errors).toEqual([expect.objectContaining({ path: "q" })]);
  });

  it("refuses a currency that is not ASCII (\"uſd\" upper-cases to USD) wherever a currency is read", async () => {
    const p = await newPlayer(t);
    expectError(await post(t, "/v1/admin/players", { username: unique("long_s"), currency: "uſd" }, admin), 400, "validation_failed");
    expectError(await post(t, "/v1/rooms", room("uſd"), { token: p.token }), 400, "validation_failed");
    expectError(await get(t, `/v1/rooms?currency=${encodeURIComponent("uſd")}`, { token: p.token }), 400, "validation_failed");
    expectError(await get(t, `/v1/admin/rooms?currency=${encodeURIComponent("uſd")}`, admin), 400, "validation_failed");
    const credit = await callWallet(t, "credit", creditBody(p.id, { currency: "uſd" }));
    expect(credit.body).toMatchObject({ status_code: "ERR_INVALID_REQUEST", message: expect.stringMatching(/currency/) });
    // Lower-case ASCII is still read as its code.
    expect((await post(t, "/v1/rooms", room("usd"), { token: p.token })).status).toBe(200);
  });

  it("caps a player's waiting rooms with 409 too_many_open_rooms, moving no money", async () => {
    const p = await newPlayer(t);
    for (let i = 0; i < 20; i++) expect((await post(t, "/v1/rooms", room(), { token: p.token })).status).toBe(200);
    const refused = await post(t, "/v1/rooms", room(), { token: p.token });
    expectError(refused, 409, "too_many_open_rooms");
    expect((await get(t, "/v1/player/balance", { token: p.token })).body.data.balance).toBe("99.80");
    // Leaving one makes room for another.
    const mine = (await get(t, "/v1/rooms?limit=1", { token: p.token })).body.data.active_rooms as { id: string }[];
    expect((await post(t, `/v1/rooms/${mine[0]!.id}/leave`, undefined, { token: p.token })).status).toBe(200);
    expect((await post(t, "/v1/rooms", room(), { token: p.token })).status).toBe(200);
  });

  it("marks answers that carry balances, tokens or the session Cache-Control: no-store", async () => {
    const p = await newPlayer(t);
    const answers = [
      await get(t, "/v1/player/balance", { token: p.token }),
      await get(t, "/v1/player/me", { token: p.token }),
      await post(t, `/v1/admin/players/${p.id}/tokens`, {}, admin),
      await get(t, `/v1/admin/players/${p.id}/transactions`, admin),
      await post(t, "/v1/admin/session", { token: t.adminToken }),
      await callWallet(t, "credit", creditBody(p.id)),
      await get(t, "/v1/rooms", { token: p.token }),
      await get(t, "/v1/player/me"),
    ];
    for (const answer of answers) expect(answer.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses a sign-out posted from another site's page, and a token in the sign-in's query string", async () => {
    const cookie = (await post(t, "/v1/admin/session", { token: t.adminToken })).headers.get("set-cookie")!.split(";")[0]!;
    for (const origin of ["https://evil.example", "null"]) {
      const out = await post(t, "/v1/admin/session/end", undefined, { headers: { cookie, origin } });
      expectError(out, 401, "admin_unauthorized");
      expect(out.headers.get("set-cookie")).toBeNull();
    }
    const own = await post(t, "/v1/admin/session/end", undefined, { headers: { cookie, origin: t.baseUrl } });
    expect(own.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    const inQuery = await call(t, "POST", `/v1/admin/session?token=${t.adminToken}`, undefined);
    expectError(inQuery, 400, "validation_failed");
    expect(inQuery.headers.get("set-cookie")).toBeNull();
  });

  it("refuses a credit past the balance column's range definitively, and logs no SQL parameter", async () => {
    const p = await newPlayer(t, { balance: "999999999999.99" });
    const body = creditBody(p.id, { amount: "0.02" });
    const answer = await callWallet(t, "credit", body);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status_code: "ERR_INVALID_ACCOUNT", message: expect.stringMatching(/most it can hold/) });
    // The same body again: the same definitive answer, never a retryable one.
    expect((await callWallet(t, "credit", body)).body.status_code).toBe("ERR_INVALID_ACCOUNT");
    expect((await get(t, `/v1/admin/players/${p.id}`, admin)).body.data.balance).toBe("999999999999.99");
    const errors = logLines(t).filter((l) => l.level === "error" && String(l.error).includes("params:"));
    expect(errors).toEqual([]);
  });
});

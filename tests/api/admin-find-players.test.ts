import { describe, expect, it } from "vitest";
import { expectError, get, newPlayer, post, targets, unique } from "./helpers";

interface Found {
  id: string;
  username: string;
  currency: string;
  balance: string;
  last_activity_at: string | null;
  created_at: string;
}

describe.each(targets)("$name: GET /v1/admin/players", (t) => {
  const find = async (search: string) => {
    const answer = await get(t, `/v1/admin/players${search}`, { admin: t.adminToken });
    expect(answer.status).toBe(200);
    return answer.body.data as { players: Found[]; total: number; page: number; limit: number; total_pages: number };
  };

  it("finds players by part of the name, in any case, or by id, with balance and last activity", async () => {
    const tag = unique("Finder").toLowerCase();
    const a = await newPlayer(t, { balance: "12.50" });
    const b = await newPlayer(t, { currency: "JPY", balance: "5000" });
    // Named players sharing the tag, registered through the admin API.
    const named = await Promise.all(
      ["Alpha", "beta", "GAMMA"].map(async (name) => (await post(t, "/v1/admin/players", { username: `${tag}_${name}`, currency: "EUR", balance: "3" }, { admin: t.adminToken })).body.data),
    );
    const room = await post(t, "/v1/rooms", { name: "activity", bet_amount: 1, currency: "USD", player_limit: 2, turn: 10 }, { token: a.token });
    expect(room.status).toBe(200);

    const byName = await find(`?q=${tag.toUpperCase()}`);
    expect(byName.total).toBe(3);
    // By name, whatever the case.
    expect(byName.players.map((p) => p.username)).toEqual([`${tag}_Alpha`, `${tag}_beta`, `${tag}_GAMMA`]);
    expect(byName.players[0]).toEqual({ id: named[0].id, username: `${tag}_Alpha`, currency: "EUR", balance: "3.00", blocked: null, last_activity_at: expect.any(String), created_at: named[0].created_at });

    const byId = await find(`?q=${a.id}`);
    expect(byId.players).toHaveLength(1);
    expect(byId.players[0]).toMatchObject({ id: a.id, username: a.username, currency: "USD", balance: "11.50" });
    // The bet is the newest movement.
    const ledger = await get(t, `/v1/admin/players/${a.id}/transactions?limit=1`, { admin: t.adminToken });
    expect(byId.players[0]!.last_activity_at).toBe(ledger.body.data.transactions[0].created_at);
    expect((await find(`?q=${b.id}`)).players[0]).toMatchObject({ balance: "5000", currency: "JPY" });
  });

  it("pages exactly, and treats % and _ in the search as themselves", async () => {
    const tag = unique("Pager").toLowerCase();
    for (const n of [1, 2, 3]) await post(t, "/v1/admin/players", { username: `${tag}_${n}`, currency: "USD" }, { admin: t.adminToken });
    const second = await find(`?q=${tag}&limit=2&page=2`);
    expect(second).toMatchObject({ total: 3, page: 2, limit: 2, total_pages: 2 });
    expect(second.players.map((p) => p.username)).toEqual([`${tag}_3`]);
    expect((await find(`?q=${tag}%25`)).total).toBe(0);
    expect((await find(`?q=${tag.slice(0, -1)}_`)).total).toBe(0);
    expect((await find("")).total).toBeGreaterThanOrEqual(3);
  });

  it("refuses bad input with 400 and callers without the admin token with 401", async () => {
    for (const [search, path] of [
      ["?limit=0", "limit"],
      ["?page=x", "page"],
      [`?q=${"x".repeat(101)}`, "q"],
      ["?name=x", "name"],
    ]) {
      const answer = await get(t, `/v1/admin/players${search}`, { admin: t.adminToken });
      expectError(answer, 400, "validation_failed");
      expect(answer.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expectError(await get(t, "/v1/admin/players"), 401, "admin_unauthorized");
    const player = await newPlayer(t);
    expectError(await get(t, "/v1/admin/players", { token: player.token }), 401, "admin_unauthorized");
  });
});

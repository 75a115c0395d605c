import { describe, expect, it } from "vitest";
import postgres from "postgres";
import { call, expectError, get, newPlayer, post, targets, describePostgres } from "./helpers";
import { betOn, callWallet, refundBody } from "./wallet-helpers";

// The admin API behind the console: its session cookie, and the room and player views.

const cookieOf = (setCookie: string | null) => setCookie?.split(";")[0] ?? "";

describe.each(targets)("$name: admin console API", (t) => {
  it("signs in with the admin token into an httpOnly, SameSite=strict cookie that admin reads accept", async () => {
    expectError(await post(t, "/v1/admin/session", { token: "not-the-admin-token" }), 401, "admin_unauthorized");
    const signedIn = await post(t, "/v1/admin/session", { token: t.adminToken });
    expect(signedIn.status).toBe(200);
    const setCookie = signedIn.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).not.toContain(t.adminToken);
    const cookie = cookieOf(setCookie);
    expect((await get(t, "/v1/admin/audit", { headers: { cookie } })).status).toBe(200);
    expectError(await get(t, "/v1/admin/audit", { headers: { cookie: "lobby_admin=99999999999.abc" } }), 401, "admin_unauthorized");
  });

  it("accepts a change made with the cookie only from the site's own origin", async () => {
    const signedIn = await post(t, "/v1/admin/session", { token: t.adminToken });
    const cookie = cookieOf(signedIn.headers.get("set-cookie"));
    const a = await newPlayer(t);
    const room = await post(t, "/v1/rooms", { name: "csrf", bet_amount: 1, currency: "USD", player_limit: 2, turn: 10 }, { token: a.token });
    const path = `/v1/admin/rooms/${room.body.data.id}/close`;
    expectError(await call(t, "POST", path, undefined, { headers: { cookie, origin: "https://evil.example" } }), 401, "admin_unauthorized");
    expectError(await call(t, "POST", path, undefined, { headers: { cookie } }), 401, "admin_unauthorized");
    const closed = await call(t, "POST", path, undefined, { headers: { cookie, origin: t.baseUrl } });
    expect(closed.body.data.room.status).toBe("finished");
    const out = await post(t, "/v1/admin/session/end", undefined);
    expect(out.headers.get("set-cookie")).toMatch(/Max-Age=0/);
  });

  it("lists rooms with pot, rake and counts by status, and searches by name or id", async () => {
    const a = await newPlayer(t);
    const name = `Needle ${Date.now()}`;
    const made = await post(t, "/v1/rooms", { name, bet_amount: "4.00", currency: "USD", player_limit: 2, turn: 10, rake_percentage: 5 }, { token: a.token });
    const id = made.body.data.id;
    const found = await get(t, `/v1/admin/rooms?q=${encodeURIComponent(name.slice(0, 12).toLowerCase())}&status=waiting`, { admin: t.adminToken });
    const row = found.body.data.rooms.find((r: { id: string }) => r.id === id);
    // The pot is the bet in it; its rake is recognised only when the round settles.
    expect(row).toMatchObject({ name, pot: "4.00", rake: "0.00" });
    expect(found.body.data.total).toBeGreaterThanOrEqual(1);
    expect(found.body.data.counts.waiting).toBeGreaterThanOrEqual(1);
    const byId = await get(t, `/v1/admin/rooms?q=${id}`, { admin: t.adminToken });
    expect(byId.body.data.rooms.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await get(t, "/v1/admin/rooms?q=100%25_no_such", { admin: t.adminToken })).body.data.total).toBe(0);
  });

  it("totals the pots per currency over every matching room still open, on any page, and recognises no rake before a round settles", async () => {
    const currency = `T${Date.now().toString(36).toUpperCase().slice(-8)}`;
    const [a, b] = [await newPlayer(t, { currency, balance: "100" }), await newPlayer(t, { currency, balance: "100" })];
    const make = async (bet: string, rake: number) =>
      (await post(t, "/v1/rooms", { name: "totalled", bet_amount: bet, currency, player_limit: 2, turn: 10, rake_percentage: rake }, { token: a.token })).body.data.id as string;
    const playing = await make("2.5", 5);
    await post(t, `/v1/rooms/${playing}/join`, undefined, { token: b.token });
    await make("1.25", 2.5);
    const closed = await make("10", 5);
    expect((await post(t, `/v1/admin/rooms/${closed}/close`, undefined, { admin: t.adminToken })).status).toBe(200);
    // Pots 5 and 1.25 (shown to the currency's 8 places); the closed room is out.
    const list = async (search: string) => (await get(t, `/v1/admin/rooms?currency=${currency}${search}`, { admin: t.adminToken })).body.data;
    expect((await list("&limit=1")).totals).toEqual([{ currency, rooms: 2, pot: "6.25000000" }]);
    expect((await list("&status=playing")).totals).toEqual([{ currency, rooms: 1, pot: "5.00000000" }]);
    expect((await list("&status=finished")).totals).toEqual([]);
    // No round settled: no rake recognised, whatever the rooms' rates.
    expect((await list("")).rooms.map((r: { rake: string }) => r.rake)).toEqual(["0.00000000", "0.00000000", "0.00000000"]);
  });

  it("filters the audit log by action, actor, room, player and time", async () => {
    const started = new Date(Date.now() - 1000).toISOString();
    const a = await newPlayer(t);
    const room = (await post(t, "/v1/rooms", { name: "audited", bet_amount: 1, currency: "USD", player_limit: 2, turn: 10 }, { token: a.token })).body.data.id;
    await post(t, `/v1/admin/rooms/${room}/close`, { reason: "filter test" }, { admin: t.adminToken, headers: { "x-forwarded-for": "198.51.100.23" } });
    const audit = async (search: string) => {
      const answer = await get(t, `/v1/admin/audit?${search}`, { admin: t.adminToken });
      expect(answer.status).toBe(200);
      return answer.body.data as { actions: { action: string; room_id: string | null; player_id: string | null; source: string | null; created_at: string }[]; total: number };
    };
    const ofRoom = await audit(`room_id=${room}`);
    expect(ofRoom.actions.map((x) => x.action)).toEqual(["close_room"]);
    expect((await audit(`player_id=${a.id}`)).actions.map((x) => x.action)).toEqual(["issue_launch_token", "create_player"]);
    expect((await audit(`player_id=${a.id}&action=create_player`)).total).toBe(1);
    expect((await audit(`actor=198.51.100.23&room_id=${room}`)).total).toBe(1);
    expect((await audit(`actor=none&room_id=${room}`)).total).toBe(0);
    const closedAt = ofRoom.actions[0]!.created_at;
    expect((await audit(`room_id=${room}&from=${encodeURIComponent(started)}&to=${encodeURIComponent(closedAt)}`)).total).toBe(1);
    expect((await audit(`room_id=${room}&from=${encodeURIComponent(new Date(Date.parse(closedAt) + 1).toISOString())}`)).total).toBe(0);
    for (const [search, field] of [
      ["action=delete_everything", "action"],
      ["from=yesterday", "from"],
      ["from=0000-01-01T00:00:00Z", "from"],
      ["to=10000-01-01T00:00:00Z", "to"],
      ["to=2026-11-24", "to"],
      ["from=2026-11-24T10:00:00Z&to=2026-11-24T09:00:00Z", "from"],
    ]) {
      const refused = await get(t, `/v1/admin/audit?${search}`, { admin: t.adminToken });
      expectError(refused, 400, "validation_failed");
      expect(refused.body.errors[0].path).toBe(field);
    }
  });

  it("counts rooms by status under the other filters, and sorts as the lobby does", async () => {
    const currency = `A${Date.now().toString(36).toUpperCase().slice(-8)}`;
    const [a, b] = [await newPlayer(t, { currency }), await newPlayer(t, { currency })];
    const make = async (bet: number, limit = 2) =>
      (await post(t, "/v1/rooms", { name: "counted", bet_amount: bet, currency, player_limit: limit, turn: 10 }, { token: a.token })).body.data.id as string;
    const [cheap, dear, full] = [await make(1, 4), await make(5, 4), await make(3)];
    await post(t, `/v1/rooms/${full}/join`, undefined, { token: b.token });
    const list = async (search: string) => (await get(t, `/v1/admin/rooms?currency=${currency}${search}`, { admin: t.adminToken })).body.data;
    // The status filter narrows the rooms, not the counts: they say how the other filters split.
    for (const search of ["", "&status=waiting", "&status=playing"]) expect((await list(search)).counts).toEqual({ waiting: 2, playing: 1, finished: 0 });
    expect((await list("&player_limit=4")).counts).toEqual({ waiting: 2, playing: 0, finished: 0 });
    expect((await list("&q=counted&min_bet_amount=2")).counts).toEqual({ waiting: 1, playing: 1, finished: 0 });
    expect((await list("&sort=bet_desc")).rooms.map((r: { id: string }) => r.id)).toEqual([dear, full, cheap]);
    const data = await list("&status=playing");
    expect(data.stuck_after_seconds).toBe(7200);
    expect(data.rooms).toEqual([expect.objectContaining({ id: full, status: "playing", stuck: false })]);
  });

  it("shows a room's seats with their bets and refunds, the round's ledger, and a player's balances", async () => {
    const [a, b] = [await newPlayer(t), await newPlayer(t)];
    const made = await post(t, "/v1/rooms", { name: "detail", bet_amount: 2, currency: "USD", player_limit: 4, turn: 10 }, { token: a.token });
    const id = made.body.data.id;
    await post(t, `/v1/rooms/${id}/join`, undefined, { token: b.token });
    await post(t, `/v1/rooms/${id}/leave`, undefined, { token: b.token });
    const detail = (await get(t, `/v1/admin/rooms/${id}`, { admin: t.adminToken })).body.data;
    expect(detail.seats).toHaveLength(1);
    expect(detail.seats[0]).toMatchObject({ player_id: a.id, refund: null });
    expect(detail).not.toHaveProperty("ledger");
    const ledger = (await get(t, `/v1/admin/rooms/${id}/ledger`, { admin: t.adminToken })).body.data;
    expect(ledger.ledger.map((e: { kind: string; player_id: string }) => `${e.kind}:${e.player_id === a.id ? "a" : "b"}`)).toEqual(["debit:a", "debit:b", "refund:b"]);
    expect(ledger).toMatchObject({ total: 3, page: 1, limit: 20, total_pages: 1 });
    expectError(await get(t, "/v1/admin/rooms/nope", { admin: t.adminToken }), 404, "room_not_found");
    expectError(await get(t, "/v1/admin/rooms/nope/ledger", { admin: t.adminToken }), 404, "room_not_found");

    const player = (await get(t, `/v1/admin/players/${b.id}`, { admin: t.adminToken })).body.data;
    expect(player).toMatchObject({ id: b.id, real_balance: "100.00", bonus_balance: "0.00" });
    expectError(await get(t, "/v1/admin/players/nope", { admin: t.adminToken }), 404, "player_not_found");
  });

  it("shows a seat's bet as refunded when the platform refunded it under another round_id", async () => {
    const a = await newPlayer(t);
    const { roomId, transferId } = await betOn(t, a, "3.00");
    const refund = refundBody(a.id, { transfer_id: transferId, amount: "3.00", round_id: "platform-round-elsewhere", reason: "game_error" });
    expect((await callWallet(t, "refund", refund)).body.status_code).toBe("OK");

    const detail = (await get(t, `/v1/admin/rooms/${roomId}`, { admin: t.adminToken })).body.data;
    expect(detail.seats).toHaveLength(1);
    expect(detail.seats[0].refund).toEqual(expect.any(String));
    const { ledger } = (await get(t, `/v1/admin/rooms/${roomId}/ledger`, { admin: t.adminToken })).body.data;
    const refundRow = ledger.find((e: { kind: string }) => e.kind === "refund");
    expect(refundRow).toMatchObject({ transfer_id: transferId, round_id: "platform-round-elsewhere", casino_transfer_id: detail.seats[0].refund });
  });
});

describe.each(targets)("$name: a round's ledger, a page at a time", (t) => {
  it("pages a round that players joined and left many times: every row once, oldest first, however it is cut", async () => {
    const owner = await newPlayer(t);
    const id = (await post(t, "/v1/rooms", { name: "busy round", bet_amount: 1, currency: "USD", player_limit: 4, turn: 10 }, { token: owner.token })).body.data.id;
    const guests = [await newPlayer(t), await newPlayer(t)];
    for (let i = 0; i < 3; i++) {
      for (const g of guests) {
        expect((await post(t, `/v1/rooms/${id}/join`, undefined, { token: g.token })).status).toBe(200);
        expect((await post(t, `/v1/rooms/${id}/leave`, undefined, { token: g.token })).status).toBe(200);
      }
    }
    const path = `/v1/admin/rooms/${id}/ledger`;
    const whole = (await get(t, `${path}?limit=100`, { admin: t.adminToken })).body.data;
    // The owner's bet, then each guest's bet and refund three times.
    expect(whole).toMatchObject({ total: 13, page: 1, limit: 100, total_pages: 1 });
    expect(whole.ledger.map((e: { kind: string }) => e.kind)).toEqual(["debit", ...Array.from({ length: 6 }, () => ["debit", "refund"]).flat()]);
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const data = (await get(t, `${path}?page=${page}&limit=5`, { admin: t.adminToken })).body.data;
      expect(data).toMatchObject({ total: 13, page, limit: 5, total_pages: 3 });
      pages.push(...data.ledger);
    }
    expect(pages.map((e: { casino_transfer_id: string }) => e.casino_transfer_id)).toEqual(whole.ledger.map((e: { casino_transfer_id: string }) => e.casino_transfer_id));
    const past = (await get(t, `${path}?page=4&limit=5`, { admin: t.adminToken })).body.data;
    expect(past).toMatchObject({ ledger: [], total: 13, page: 4, total_pages: 3 });
    for (const [search, field] of [["?limit=0", "limit"], ["?limit=101", "limit"], ["?page=x", "page"], ["?since=1", "since"]]) {
      const answer = await get(t, `${path}${search}`, { admin: t.adminToken });
      expectError(answer, 400, "validation_failed");
      expect(answer.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    expectError(await get(t, path), 401, "admin_unauthorized");
  });
});

describePostgres("rooms playing too long", (t) => {
  it("flags a room playing, unchanged, for longer than STUCK_ROOM_MINUTES", async () => {
    const [a, b] = [await newPlayer(t), await newPlayer(t)];
    const id = (await post(t, "/v1/rooms", { name: "stuck", bet_amount: 1, currency: "USD", player_limit: 2, turn: 10 }, { token: a.token })).body.data.id;
    await post(t, `/v1/rooms/${id}/join`, undefined, { token: b.token });
    const sql = postgres(t.databaseUrl!, { max: 1, onnotice: () => {} });
    try {
      // As if the platform had never ended the round: the last change three hours ago.
      await sql`update rooms set updated_at = now() - interval '3 hours' where id = ${id}`;
    } finally {
      await sql.end();
    }
    const found = (await get(t, `/v1/admin/rooms?q=${id}`, { admin: t.adminToken })).body.data.rooms;
    expect(found).toEqual([expect.objectContaining({ id, status: "playing", stuck: true })]);
    expect((await get(t, `/v1/admin/rooms/${id}`, { admin: t.adminToken })).body.data.room.stuck).toBe(true);
  });
});

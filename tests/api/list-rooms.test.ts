import { Decimal } from "@/lib/money/decimal";
import { beforeAll, describe, expect, it } from "vitest";
import { fixtureRooms, type FixtureRoom } from "./fixture";
import { expectError, get, newPlayer, post, targets } from "./helpers";

interface Query {
  currency?: string;
  status?: string;
  player_limit?: number;
  min_bet_amount?: string;
  max_bet_amount?: string;
  sort?: "newest" | "bet_asc" | "bet_desc" | "filling";
  page?: number;
  limit?: number;
}

type Order = (a: FixtureRoom, b: FixtureRoom) => number;
const newest: Order = (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1);
const byBet: Order = (a, b) => new Decimal(a.betAmount).comparedTo(b.betAmount) || newest(a, b);
const free = (r: FixtureRoom) => r.playerLimit - r.seats.length;
/** Each sort as documented in docs/api.md. */
const orders: Record<NonNullable<Query["sort"]>, Order> = {
  newest,
  bet_asc: byBet,
  bet_desc: (a, b) => byBet(b, a),
  filling: (a, b) => free(a) - free(b) || newest(a, b),
};

/** What the API must answer for a query, worked out from the fixture in plain code. */
function expected(q: Query) {
  const matching = fixtureRooms
    .filter(
      (r: FixtureRoom) =>
        (!q.currency || r.currency === q.currency) &&
        (!q.status || r.status === q.status) &&
        (!q.player_limit || r.playerLimit === q.player_limit) &&
        (!q.min_bet_amount || new Decimal(r.betAmount).gte(q.min_bet_amount)) &&
        (!q.max_bet_amount || new Decimal(r.betAmount).lte(q.max_bet_amount)),
    )
    .sort(orders[q.sort ?? "newest"]);
  const page = q.page ?? 1;
  const limit = q.limit ?? 20;
  return {
    ids: matching.slice((page - 1) * limit, page * limit).map((r) => r.id),
    total: matching.length,
    page,
    limit,
    total_pages: Math.ceil(matching.length / limit),
  };
}

const toSearch = (q: Query) => new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();

describe.each(targets)("$name: GET /v1/rooms", (t) => {
  let token: string;
  beforeAll(async () => {
    token = (await newPlayer(t)).token;
  });

  const list = (q: Query | string) => get(t, `/v1/rooms?${typeof q === "string" ? q : toSearch(q)}`, { token });

  it.each<Query>([
    { currency: "FXA" },
    { currency: "FXB" },
    { currency: "fxa" },
    { currency: "FXA", status: "waiting" },
    { currency: "FXA", status: "playing" },
    { currency: "FXA", status: "finished" },
    { currency: "FXA", player_limit: 2 },
    { currency: "FXB", player_limit: 4 },
    { currency: "FXA", min_bet_amount: "1" },
    { currency: "FXA", max_bet_amount: "1" },
    { currency: "FXA", min_bet_amount: "1", max_bet_amount: "2.5" },
    { currency: "FXA", min_bet_amount: "0.5", max_bet_amount: "0.5" },
    { currency: "FXA", min_bet_amount: "100.01" },
    { currency: "FXA", status: "finished", player_limit: 4, min_bet_amount: "0.5", max_bet_amount: "10" },
    { currency: "FXB", status: "waiting", player_limit: 2 },
    { currency: "FXA", limit: 7 },
    { currency: "FXA", limit: 7, page: 2 },
    { currency: "FXA", limit: 7, page: 7 },
    { currency: "FXA", limit: 7, page: 8 },
    { currency: "FXA", limit: 1, page: 45 },
    { currency: "FXA", limit: 100 },
    { currency: "FXA", page: 3 },
    { currency: "FXA", sort: "newest" },
    { currency: "FXA", sort: "bet_asc" },
    { currency: "FXA", sort: "bet_asc", limit: 7, page: 3 },
    { currency: "FXA", sort: "bet_desc" },
    { currency: "FXA", sort: "bet_desc", limit: 7, page: 7 },
    { currency: "FXA", sort: "filling" },
    { currency: "FXA", sort: "filling", limit: 7, page: 2 },
    { currency: "FXA", status: "waiting", sort: "filling" },
    { currency: "FXB", status: "waiting", sort: "bet_desc" },
    { currency: "FXA", status: "finished", player_limit: 4, min_bet_amount: "0.5", max_bet_amount: "10", sort: "bet_asc" },
  ])("answers %j exactly", async (q) => {
    const answer = await list(q);
    expect(answer.status).toBe(200);
    const want = expected({ ...q, currency: q.currency?.toUpperCase() });
    const { rooms, total, page, limit, total_pages } = answer.body.data;
    expect(rooms.map((r: { id: string }) => r.id)).toEqual(want.ids);
    expect({ total, page, limit, total_pages }).toEqual({ total: want.total, page: want.page, limit: want.limit, total_pages: want.total_pages });
  });

  it("has fixture data behind the exact answers", () => {
    expect(expected({ currency: "FXA" }).total).toBe(45);
    expect(expected({ currency: "FXA", status: "finished", player_limit: 4, min_bet_amount: "0.5", max_bet_amount: "10" }).total).toBeGreaterThan(0);
  });

  it("shows each room in full, with its seated players in order", async () => {
    const answer = await list({ currency: "FXB", status: "playing", player_limit: 4, limit: 1 });
    const [room] = answer.body.data.rooms;
    const source = fixtureRooms.find((r) => r.id === room.id)!;
    expect(room).toEqual({
      id: source.id,
      name: source.name,
      bet_amount: Number(source.betAmount),
      currency: "FXB",
      current_players: 4,
      max_players: 4,
      player_limit: 4,
      status: "playing",
      is_joinable: false,
      is_incremental: true,
      rake_percentage: 2.5,
      time_bank: 30,
      turn: 30,
      created_at: source.createdAt.toISOString(),
      updated_at: expect.any(String),
      players: source.seats.map((s, n) => ({ id: s.playerId, name: `fixture_player_${n + 1}`, joined_at: s.joinedAt.toISOString() })),
      url: `${t.baseUrl}/rooms/${source.id}`,
    });
  });

  it("defaults to page 1 of 20, newest first", async () => {
    const answer = await list("");
    const { rooms, page, limit, total, total_pages } = answer.body.data;
    expect({ page, limit }).toEqual({ page: 1, limit: 20 });
    expect(rooms.length).toBeLessThanOrEqual(20);
    expect(total).toBeGreaterThanOrEqual(fixtureRooms.length);
    expect(total_pages).toBe(Math.ceil(total / 20));
    const stamps = rooms.map((r: { created_at: string }) => Date.parse(r.created_at));
    expect([...stamps].sort((a, b) => b - a)).toEqual(stamps);
  });

  it("treats empty parameters as not given", async () => {
    const answer = await list("currency=FXB&status=&page=");
    expect(answer.body.data.total).toBe(expected({ currency: "FXB" }).total);
  });

  it("answers a currency with no rooms with an empty page and no pages", async () => {
    const answer = await list({ currency: "NOROOMS" });
    expect(answer.body.data).toEqual({
      rooms: [],
      active_rooms: [],
      total: 0,
      page: 1,
      limit: 20,
      total_pages: 0,
      snapshot: expect.stringMatching(/^\d+:\d+:[\d,]*$/),
    });
  });

  it.each([
    ["limit=101", "limit"],
    ["limit=0", "limit"],
    ["limit=abc", "limit"],
    ["page=0", "page"],
    ["page=-1", "page"],
    ["page=1.5", "page"],
    ["page=1e3", "page"],
    ["player_limit=3", "player_limit"],
    ["status=closed", "status"],
    ["currency=TOOLONGCODE", "currency"],
    ["currency=US%20D", "currency"],
    ["min_bet_amount=-1", "min_bet_amount"],
    ["max_bet_amount=ten", "max_bet_amount"],
    ["min_bet_amount=5&max_bet_amount=1", "max_bet_amount"],
    ["status=waiting&status=playing", "status"],
    ["sort=name", "sort"],
    ["sort=NEWEST", "sort"],
    ["sort=bet_asc&sort=bet_desc", "sort"],
  ])("400 for %s", async (search, path) => {
    const answer = await list(search);
    expectError(answer, 400, "validation_failed");
    expect(answer.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it("accepts limit 100, the maximum", async () => {
    expect((await list("limit=100")).status).toBe(200);
  });

  it("lists the caller's own unfinished rooms in active_rooms, and only theirs", async () => {
    const me = await newPlayer(t, { currency: "EUR" });
    const other = await newPlayer(t, { currency: "EUR" });
    const room = { bet_amount: 1, currency: "EUR", player_limit: 4, turn: 20 };
    const first = await post(t, "/v1/rooms", { ...room, name: "mine 1" }, { token: me.token });
    const second = await post(t, "/v1/rooms", { ...room, name: "mine 2" }, { token: me.token });
    await post(t, "/v1/rooms", { ...room, name: "theirs" }, { token: other.token });
    const answer = await get(t, "/v1/rooms?currency=FXA&limit=1", { token: me.token });
    expect(answer.body.data.active_rooms.map((r: { id: string }) => r.id)).toEqual([second.body.data.id, first.body.data.id]);
    expect(answer.body.data.active_rooms[0]).toEqual(second.body.data);
  });

  it("counts a new room in the total at once", async () => {
    const currency = `C${Date.now().toString(36).toUpperCase().slice(-8)}`;
    const me = await newPlayer(t, { currency });
    expect((await list({ currency })).body.data.total).toBe(0);
    await post(t, "/v1/rooms", { name: "one", bet_amount: 2, currency, player_limit: 2, turn: 10 }, { token: me.token });
    await post(t, "/v1/rooms", { name: "two", bet_amount: 3, currency, player_limit: 4, turn: 10 }, { token: me.token });
    expect((await list({ currency })).body.data.total).toBe(2);
    expect((await list({ currency, player_limit: 4 })).body.data.total).toBe(1);
    expect((await list({ currency, min_bet_amount: "2.5" })).body.data.total).toBe(1);
  });

  it("keeps the total exact under concurrent room creation", async () => {
    const currency = `K${Date.now().toString(36).toUpperCase().slice(-8)}`;
    const creators = await Promise.all(Array.from({ length: 12 }, () => newPlayer(t, { currency })));
    const answers = await Promise.all(
      creators.flatMap((p) =>
        [1, 2].map((n) => post(t, "/v1/rooms", { name: `race ${n}`, bet_amount: 1, currency, player_limit: 2, turn: 10 }, { token: p.token })),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(24).fill(200));
    const listed = await list({ currency, limit: 100 });
    expect(listed.body.data.total).toBe(24);
    expect(new Set(listed.body.data.rooms.map((r: { id: string }) => r.id)).size).toBe(24);
    expect((await list({ currency, status: "waiting", player_limit: 2, min_bet_amount: "1", max_bet_amount: "1" })).body.data.total).toBe(24);
  });
});

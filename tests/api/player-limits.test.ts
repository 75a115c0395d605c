import { describe, expect, it } from "vitest";
import type { Target } from "./global-setup";
import { call, expectError, get, newPlayer, post, targets, unique, type Answer } from "./helpers";
import { balanceOf, betOn, callWallet, creditBody, refundBody } from "./wallet-helpers";

// A player's own limits (responsible gaming): each at its edge, self-exclusion, a player who may only
// tighten, support who may loosen, bets racing a limit, wallet money that is always paid, roles and the
// audit log (docs/lobby.md and docs/admin.md, "Responsible gaming").

type Player = Awaited<ReturnType<typeof newPlayer>>;
const NONE = { daily_bet_limit: null, loss_limit_24h: null, loss_limit_7d: null, loss_limit_30d: null, self_excluded_until: null };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const put = (t: Target, path: string, body: unknown, o: Parameters<typeof call>[4] = {}) => call(t, "PUT", path, body, o);
const setOwn = (t: Target, p: Player, limits: Partial<typeof NONE> | Record<string, string | null>) => put(t, "/v1/player/limits", { ...NONE, ...limits }, { token: p.token });
const setBySupport = (t: Target, p: Player, limits: Record<string, string | null>, admin = t.adminToken) => put(t, `/v1/admin/players/${p.id}/limits`, { ...NONE, ...limits }, { admin });
const ownLimits = async (t: Target, p: Player) => (await get(t, "/v1/player/limits", { token: p.token })).body.data;

/** A waiting room of four seats (so that it keeps waiting) made by the player: its bet is taken, or refused. */
const create = (t: Target, p: Player, bet: string) => post(t, "/v1/rooms", { name: unique("limits"), bet_amount: bet, currency: p.currency, player_limit: 4, turn: 10 }, { token: p.token });
const join = (t: Target, p: Player, roomId: string) => post(t, `/v1/rooms/${roomId}/join`, undefined, { token: p.token });

async function hostRoom(t: Target, bet: string): Promise<string> {
  const host = await newPlayer(t, { balance: "1000.00" });
  const made = await create(t, host, bet);
  expect(made.status).toBe(200);
  return made.body.data.id;
}

async function operatorToken(t: Target, role: "viewer" | "support" | "finance") {
  const made = await post(t, "/v1/admin/operators", { username: unique(role), password: "correct horse battery staple", role }, { admin: t.adminToken });
  expect(made.status).toBe(201);
  const issued = await post(t, `/v1/admin/operators/${made.body.data.id}/tokens`, { label: "limits" }, { admin: t.adminToken });
  expect(issued.status).toBe(201);
  return { name: `${made.body.data.username} (token limits)`, token: issued.body.data.token as string };
}

/** A refusal by a limit: 409 `limit_reached`, the limit's figures, and the message naming it. */
function expectLimit(answer: Answer, limit: Record<string, unknown>, message: RegExp) {
  expectError(answer, 409, "limit_reached");
  expect(answer.body.limit).toMatchObject(limit);
  expect(answer.body.message).toMatch(message);
}

describe.each(targets)("$name: a player's limits", (t) => {
  it("reads none for a new player, with what counts against them all the same", async () => {
    const p = await newPlayer(t);
    expect(await ownLimits(t, p)).toEqual({
      currency: "USD",
      limits: NONE,
      usage: { bets_24h: "0.00", net_loss_24h: "0.00", net_loss_7d: "0.00", net_loss_30d: "0.00" },
      updated_at: null,
    });
    const bySupport = (await get(t, `/v1/admin/players/${p.id}/limits`, { admin: t.adminToken })).body.data;
    expect(bySupport).toMatchObject({ player_id: p.id, limits: NONE, updated_by: null });
    expectError(await get(t, "/v1/admin/players/00000000-0000-0000-0000-000000000000/limits", { admin: t.adminToken }), 404, "player_not_found");
    expectError(await setBySupport(t, { ...p, id: "no-such-player" }, {}), 404, "player_not_found");
  });

  it("lets bets reach the daily bet limit exactly, refuses one a cent over with when it frees up, and counts a refunded bet out", async () => {
    const p = await newPlayer(t, { balance: "100.00" });
    expect((await setOwn(t, p, { daily_bet_limit: "10.00" })).body.data.limits.daily_bet_limit).toBe("10.00");
    const before = Date.now();
    const first = await create(t, p, "4.00");
    const after = Date.now();
    expect(first.status).toBe(200);
    expect((await join(t, p, await hostRoom(t, "6.00"))).status).toBe(200);
    expect((await ownLimits(t, p)).usage).toMatchObject({ bets_24h: "10.00", net_loss_24h: "10.00" });

    const refused = await create(t, p, "0.01");
    expectLimit(
      refused,
      { name: "daily_bet_limit", amount: "10.00", used: "10.00", bet: "0.01", currency: "USD" },
      /^Your daily bet limit is 10\.00 USD and you have bet 10\.00 USD in the last 24 hours; this bet of 0\.01 USD would pass it\. It frees up by (\d{4}-\d\d-\d\d )?\d\d:\d\d UTC\.$/,
    );
    // The first bet leaves the 24 hours first: then 6.00 of 10.00 leave room for 0.01.
    expect(Date.parse(refused.body.limit.frees_at)).toBeGreaterThanOrEqual(before + DAY);
    expect(Date.parse(refused.body.limit.frees_at)).toBeLessThanOrEqual(after + DAY + 1);
    expectError(await join(t, p, await hostRoom(t, "0.01")), 409, "limit_reached");
    expect(await balanceOf(t, p.token)).toBe("90.00");

    // Leaving the first room returns its bet, and the bet no longer counts.
    expect((await post(t, `/v1/rooms/${first.body.data.id}/leave`, undefined, { token: p.token })).status).toBe(200);
    expect((await ownLimits(t, p)).usage.bets_24h).toBe("6.00");
    expect((await create(t, p, "4.00")).status).toBe(200);
    expectError(await create(t, p, "0.01"), 409, "limit_reached");
  });

  it("refuses a single bet larger than the whole limit, saying it never fits", async () => {
    const p = await newPlayer(t);
    await setOwn(t, p, { daily_bet_limit: "2.00" });
    const refused = await create(t, p, "2.01");
    expectLimit(refused, { name: "daily_bet_limit", amount: "2.00", used: "0.00", bet: "2.01", frees_at: null }, /this bet of 2\.01 USD is more than the whole limit/);
  });

  it.each(["loss_limit_24h", "loss_limit_7d", "loss_limit_30d"] as const)("lets net loss reach the %s exactly, wins making room, and refuses a cent over", async (field) => {
    const p = await newPlayer(t, { balance: "100.00" });
    await setOwn(t, p, { [field]: "5.00" });
    expect((await create(t, p, "3.00")).status).toBe(200);
    // A win from the platform is paid whatever the limits, and takes from the loss: 3.00 - 4.00.
    expect((await callWallet(t, "credit", creditBody(p.id, { amount: "4.00" }))).body.status_code).toBe("OK");
    const window = field.slice("loss_limit_".length);
    expect((await ownLimits(t, p)).usage[`net_loss_${window}`]).toBe("-1.00");
    expect((await create(t, p, "6.00")).status).toBe(200);
    expectLimit(
      await create(t, p, "0.01"),
      { name: field, amount: "5.00", used: "5.00", bet: "0.01" },
      new RegExp(`^Your loss limit for ${window === "24h" ? "24 hours" : window === "7d" ? "7 days" : "30 days"} is 5\\.00 USD and your net loss over the last`),
    );
    // Bets are not limited by a loss limit's window alone: the daily bet limit is unset.
    expect((await ownLimits(t, p)).usage.bets_24h).toBe("9.00");
  });

  it("refuses every bet while self-excluded, and still pays the player's credits and refunds", async () => {
    const p = await newPlayer(t, { balance: "50.00" });
    const bet = await betOn(t, p, 2);
    const waiting = await create(t, p, "3.00");
    const until = new Date(Date.now() + 2 * DAY).toISOString();
    expect((await setOwn(t, p, { self_excluded_until: until })).body.data.limits.self_excluded_until).toBe(until);

    const refused = await create(t, p, "1.00");
    expectLimit(refused, { name: "self_exclusion", amount: null, used: null, bet: "1.00", frees_at: until }, /^You have excluded yourself from play until \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);
    expectError(await join(t, p, await hostRoom(t, "1.00")), 409, "limit_reached");

    // Money the platform owes, and a bet given back by leaving, still come.
    expect((await callWallet(t, "credit", creditBody(p.id, { amount: "5.00" }))).body.status_code).toBe("OK");
    expect((await callWallet(t, "refund", refundBody(p.id, { transfer_id: bet.transferId, round_id: bet.roomId, amount: "2.00" }))).body.status_code).toBe("OK");
    expect((await post(t, `/v1/rooms/${waiting.body.data.id}/leave`, undefined, { token: p.token })).status).toBe(200);
    expect(await balanceOf(t, p.token)).toBe("55.00");
  });

  it("lets the player only tighten: lower, set, extend; raising, removing or shortening is refused field by field", async () => {
    const p = await newPlayer(t);
    const until = new Date(Date.now() + DAY).toISOString();
    expect((await setOwn(t, p, { daily_bet_limit: "50.00", loss_limit_7d: "20.00", self_excluded_until: until })).status).toBe(200);

    const loosened = await setOwn(t, p, { daily_bet_limit: "60.00", loss_limit_7d: null, loss_limit_30d: "10.00", self_excluded_until: null });
    expectError(loosened, 400, "validation_failed");
    expect(loosened.body.message).toMatch(/^You can only tighten your own limits; support can loosen them: /);
    expect(loosened.body.errors).toEqual([
      { path: "daily_bet_limit", message: "would raise your limit from 50.00 USD to 60.00 USD: only support can loosen a limit" },
      { path: "loss_limit_7d", message: "would remove your limit of 20.00 USD: only support can loosen a limit" },
      { path: "self_excluded_until", message: `would end your self-exclusion, which runs until ${until}: only support can end it early` },
    ]);
    const earlier = await setOwn(t, p, { daily_bet_limit: "50.00", loss_limit_7d: "20.00", self_excluded_until: new Date(Date.parse(until) - 1000).toISOString() });
    expect(earlier.body.errors).toEqual([{ path: "self_excluded_until", message: expect.stringContaining("only support can shorten it") }]);
    // Nothing of a refused set was kept.
    expect((await ownLimits(t, p)).limits).toEqual({ ...NONE, daily_bet_limit: "50.00", loss_limit_7d: "20.00", self_excluded_until: until });

    const later = new Date(Date.parse(until) + DAY).toISOString();
    const tightened = await setOwn(t, p, { daily_bet_limit: "49.99", loss_limit_24h: "5", loss_limit_7d: "20.00", self_excluded_until: later });
    expect(tightened.status).toBe(200);
    expect(tightened.body.data.limits).toEqual({ daily_bet_limit: "49.99", loss_limit_24h: "5.00", loss_limit_7d: "20.00", loss_limit_30d: null, self_excluded_until: later });
    expect(Date.parse(tightened.body.data.updated_at)).toBeGreaterThan(0);
  });

  it.each([
    ["an amount below the smallest unit", { daily_bet_limit: "0" }, "daily_bet_limit", "must be at least 0.01"],
    ["too many decimals", { loss_limit_24h: "1.005" }, "loss_limit_24h", "must have at most 2 decimal places in USD"],
    ["a negative amount", { loss_limit_30d: "-5" }, "loss_limit_30d", "must be a non-negative decimal number such as 10.50"],
    ["self-exclusion in the past", { self_excluded_until: "2020-01-01T00:00:00Z" }, "self_excluded_until", "must be in the future, or null"],
    ["a field left out", { loss_limit_7d: undefined }, "loss_limit_7d", "is required"],
  ])("refuses %s, from the player and from support", async (_, fields, path, message) => {
    const p = await newPlayer(t);
    for (const answer of [await setOwn(t, p, fields as Record<string, string>), await setBySupport(t, p, fields as Record<string, string>)]) {
      expectError(answer, 400, "validation_failed");
      expect(answer.body.errors).toContainEqual({ path, message });
    }
  });

  it("lets support loosen and clear any limit, and records each change with before and after", async () => {
    const p = await newPlayer(t);
    const support = await operatorToken(t, "support");
    const until = new Date(Date.now() + DAY).toISOString();
    await setOwn(t, p, { daily_bet_limit: "10.00", self_excluded_until: until });
    const tag = unique("req");
    const loosened = await put(t, `/v1/admin/players/${p.id}/limits`, { ...NONE, daily_bet_limit: "100.00", loss_limit_30d: "500" }, { admin: support.token, headers: { "x-request-id": tag } });
    expect(loosened.status).toBe(200);
    expect(loosened.body.data).toMatchObject({
      player_id: p.id,
      currency: "USD",
      limits: { ...NONE, daily_bet_limit: "100.00", loss_limit_30d: "500.00" },
      updated_by: support.name,
    });
    // Self-exclusion ended by support: the player plays again at once.
    expect((await create(t, p, "20.00")).status).toBe(200);

    const audit = (await get(t, `/v1/admin/audit?action=set_limits&player_id=${p.id}`, { admin: t.adminToken })).body.data.actions;
    expect(audit).toEqual([
      expect.objectContaining({
        action: "set_limits",
        actor: support.name,
        request_id: tag,
        player_id: p.id,
        details: {
          currency: "USD",
          before: { ...NONE, daily_bet_limit: "10.00", self_excluded_until: until },
          after: { ...NONE, daily_bet_limit: "100.00", loss_limit_30d: "500.00" },
        },
      }),
    ]);
    // The player's own changes have their rows too, named as the player's.
    await setOwn(t, p, { daily_bet_limit: "90.00", loss_limit_30d: "500.00" });
    expect((await get(t, `/v1/admin/audit?action=set_limits&player_id=${p.id}`, { admin: t.adminToken })).body.data.total).toBe(1);
    const own = (await get(t, `/v1/admin/audit?action=set_own_limits&player_id=${p.id}`, { admin: t.adminToken })).body.data.actions;
    expect(own).toEqual([
      expect.objectContaining({
        actor: "player",
        operator_id: null,
        details: {
          currency: "USD",
          before: { ...NONE, daily_bet_limit: "100.00", loss_limit_30d: "500.00" },
          after: { ...NONE, daily_bet_limit: "90.00", loss_limit_30d: "500.00" },
        },
      }),
      expect.objectContaining({ actor: "player", details: expect.objectContaining({ before: NONE, after: { ...NONE, daily_bet_limit: "10.00", self_excluded_until: until } }) }),
    ]);
    expect((await get(t, `/v1/admin/players/${p.id}/limits`, { admin: t.adminToken })).body.data).toMatchObject({ updated_by: "player", usage: { bets_24h: "20.00" } });
  });

  it("lets any operator read a player's limits and only support (or admin) set them", async () => {
    const p = await newPlayer(t);
    const viewer = await operatorToken(t, "viewer");
    const finance = await operatorToken(t, "finance");
    expect((await get(t, `/v1/admin/players/${p.id}/limits`, { admin: viewer.token })).status).toBe(200);
    for (const who of [viewer, finance]) expectError(await setBySupport(t, p, { daily_bet_limit: "1.00" }, who.token), 403, "role_required");
    expect((await ownLimits(t, p)).limits.daily_bet_limit).toBeNull();
    expectError(await put(t, "/v1/player/limits", NONE, { admin: t.adminToken }), 401, "token_missing");
  });

  it("lets no two bets at once pass the daily bet limit together", async () => {
    const p = await newPlayer(t, { balance: "100.00" });
    await setOwn(t, p, { daily_bet_limit: "10.00" });
    const rooms = await Promise.all([1, 2, 3, 4, 5].map(() => hostRoom(t, "4.00")));
    const joins = await Promise.all(rooms.map((roomId) => join(t, p, roomId)));
    expect(joins.map((j) => j.status).sort()).toEqual([200, 200, 409, 409, 409]);
    for (const refused of joins.filter((j) => j.status === 409)) expect(refused.body.code).toBe("limit_reached");
    expect(await balanceOf(t, p.token)).toBe("92.00");
    expect((await ownLimits(t, p)).usage.bets_24h).toBe("8.00");
  });
});

describe.each(targets)("$name: PUT in the API", (t) => {
  it("serves PUT where an endpoint declares it, answers 405 for it elsewhere, and documents it", async () => {
    expectError(await put(t, "/v1/player/me", NONE), 405, "method_not_allowed");
    const { paths } = (await get(t, "/v1/openapi.json")).body;
    expect(Object.keys(paths["/v1/player/limits"]).sort()).toEqual(["get", "put"]);
    expect(paths["/v1/admin/players/{player_id}/limits"].put).toMatchObject({ "x-required-role": "support", responses: { 403: expect.anything() } });
  });
});

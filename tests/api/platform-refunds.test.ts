import postgres from "postgres";
import { describe, expect, it } from "vitest";
import type { Target } from "./global-setup";
import { openStream } from "./event-stream";
import { get, newPlayer, post, targets } from "./helpers";
import { balanceOf, callWallet, creditBody, ledgerOf, refundBody } from "./wallet-helpers";

// The platform's refunds and the rooms: what a refund of a bet already back answers, what a refund
// does to its seat and room, and how the platform finds the bets to refund. A refund racing the
// lobby and the admin for one bet: refund-races.test.ts.

type Player = Awaited<ReturnType<typeof newPlayer>>;

/** A room of `limit` seats that these players sat in, in order, and their bets' transfer_ids. */
async function roomWith(t: Target, players: Player[], limit: 2 | 4 = 4, bet = 2) {
  const made = await post(t, "/v1/rooms", { name: "platform", bet_amount: bet, currency: "USD", player_limit: limit, turn: 10 }, { token: players[0]!.token });
  const roomId = made.body.data.id as string;
  for (const p of players.slice(1)) expect((await post(t, `/v1/rooms/${roomId}/join`, undefined, { token: p.token })).status).toBe(200);
  const seats = (await get(t, `/v1/admin/rooms/${roomId}`, { admin: t.adminToken })).body.data.seats as { player_id: string; bet_transfer_id: string }[];
  const betOf = (p: Player) => seats.find((s) => s.player_id === p.id)!.bet_transfer_id;
  return { roomId, betOf };
}

const room = async (t: Target, token: string, roomId: string) => (await get(t, `/v1/rooms/${roomId}`, { token })).body.data;
const refundOf = (p: Player, transferId: string, fields: Record<string, unknown> = {}) =>
  refundBody(p.id, { transfer_id: transferId, amount: "2.00", ...fields });

describe.each(targets)("$name: platform refunds of bets already back", (t) => {
  it.each([
    ["the player left", "player_exit", async (t: Target, p: Player, roomId: string) => void (await post(t, `/v1/rooms/${roomId}/leave`, undefined, { token: p.token }))],
    ["an admin closed the room", "game_error", async (t: Target, _: Player, roomId: string) => void (await post(t, `/v1/admin/rooms/${roomId}/close`, undefined, { admin: t.adminToken }))],
    ["another reference_id returned it", "game_error", async (t: Target, p: Player, _: string, bet: string) => void (await callWallet(t, "refund", refundOf(p, bet, { reason: "game_error" })))],
  ])("answers OK with the refund that returned it when %s, moving nothing and keeping the attempt", async (_, reason, returnIt) => {
    const [a, b] = [await newPlayer(t, { balance: "10.00" }), await newPlayer(t, { balance: "10.00" })];
    const { roomId, betOf } = await roomWith(t, [a, b]);
    await returnIt(t, b, roomId, betOf(b));
    const before = await ledgerOf(t, b.id);
    const returned = before.find((r) => r.kind === "refund")!;

    const body = refundOf(b, betOf(b), { reason, round_id: roomId });
    const answer = await callWallet(t, "refund", body);
    expect(answer.body).toEqual({ status_code: "OK", message: expect.stringContaining(returned.casino_transfer_id), balance: "10.00", casino_transfer_id: returned.casino_transfer_id });
    expect(await ledgerOf(t, b.id)).toEqual(before);

    // Its exact repeat gets that answer again, though the balance moved since.
    await callWallet(t, "credit", creditBody(b.id, { amount: "1.00" }));
    expect((await callWallet(t, "refund", body)).body).toEqual(answer.body);
    // Its reference_id is taken: another refund under it is refused.
    const other = await callWallet(t, "refund", { ...body, transfer_id: "another-bet" });
    expect(other.body.status_code).toBe("ERR_DUPLICATE_TRANSFER");
    if (t.databaseUrl) {
      const sql = postgres(t.databaseUrl, { max: 1, onnotice: () => {} });
      const attempts = await sql`select status_code, returned_by from refund_attempts where reference_id = ${body.reference_id}`;
      await sql.end();
      expect(attempts).toEqual([{ status_code: "OK", returned_by: returned.casino_transfer_id }]);
    }
  });

  it("still refuses another amount, player or currency for a bet already back", async () => {
    const [a, b] = [await newPlayer(t, { balance: "10.00" }), await newPlayer(t, { balance: "10.00" })];
    const { roomId, betOf } = await roomWith(t, [a, b]);
    await post(t, `/v1/rooms/${roomId}/leave`, undefined, { token: b.token });
    expect((await callWallet(t, "refund", refundOf(b, betOf(b), { amount: "2.01" }))).body.status_code).toBe("ERR_AMOUNT_MISMATCH");
    expect((await callWallet(t, "refund", refundOf(a, betOf(b)))).body.status_code).toBe("ERR_INVALID_PLAYER_ID");
    expect((await callWallet(t, "refund", refundOf(b, betOf(b), { currency: "EUR" }))).body.status_code).toBe("ERR_INVALID_ACCOUNT");
    expect(await balanceOf(t, b.token)).toBe("10.00");
  });
});

describe.each(targets)("$name: platform refunds change rooms", (t) => {
  it("frees the seat of a player_exit refund in a waiting room, as a leave does, with the same live events", async () => {
    const [a, b] = [await newPlayer(t, { balance: "10.00" }), await newPlayer(t, { balance: "10.00" })];
    const { roomId, betOf } = await roomWith(t, [a, b]);
    const stream = await openStream(`${t.baseUrl}/v1/events`, { "x-player-token": b.token });
    try {
      expect((await callWallet(t, "refund", refundOf(b, betOf(b)))).body).toMatchObject({ status_code: "OK", balance: "10.00" });
      const left = await stream.room(roomId, (u) => u.room.current_players === 1);
      expect(left.room).toMatchObject({ status: "waiting", current_players: 1 });
      expect(left.changes.at(-1)).toMatchObject({ from: "waiting", to: "waiting" });
      await stream.next((r) => r.event === "balance" && r.data.player_id === b.id);
    } finally {
      await stream.close();
    }
    expect(await room(t, a.token, roomId)).toMatchObject({ status: "waiting", current_players: 1, players: [{ id: a.id }] });
    // The seat is free for anyone, the refunded player included.
    expect((await post(t, `/v1/rooms/${roomId}/join`, undefined, { token: b.token })).status).toBe(200);
  });

  it("finishes a waiting room when a player_exit refund frees its last seat", async () => {
    const a = await newPlayer(t, { balance: "10.00" });
    const { roomId, betOf } = await roomWith(t, [a]);
    expect((await callWallet(t, "refund", refundOf(a, betOf(a)))).body.status_code).toBe("OK");
    expect(await room(t, a.token, roomId)).toMatchObject({ status: "finished", current_players: 0 });
  });

  it("finishes a playing room once game_error refunds have returned every bet, announcing it", async () => {
    const [a, b] = [await newPlayer(t, { balance: "10.00" }), await newPlayer(t, { balance: "10.00" })];
    const { roomId, betOf } = await roomWith(t, [a, b], 2);
    const stream = await openStream(`${t.baseUrl}/v1/events`, { "x-player-token": a.token });
    try {
      expect((await callWallet(t, "refund", refundOf(a, betOf(a), { reason: "game_error" }))).body.status_code).toBe("OK");
      expect(await room(t, a.token, roomId)).toMatchObject({ status: "playing", current_players: 2 });
      expect((await callWallet(t, "refund", refundOf(b, betOf(b), { reason: "game_error" }))).body.status_code).toBe("OK");
      expect((await stream.room(roomId, (u) => u.room.status === "finished")).room).toMatchObject({ status: "finished", current_players: 2 });
    } finally {
      await stream.close();
    }
    expect(await room(t, a.token, roomId)).toMatchObject({ status: "finished" });
    // A player_exit refund in a playing room returns the money and leaves the seat: the game went on.
    const [c, d] = [await newPlayer(t, { balance: "10.00" }), await newPlayer(t, { balance: "10.00" })];
    const second = await roomWith(t, [c, d], 2);
    expect((await callWallet(t, "refund", refundOf(c, second.betOf(c)))).body.status_code).toBe("OK");
    expect(await room(t, c.token, second.roomId)).toMatchObject({ status: "playing", current_players: 2 });
  });

  it("finishes a waiting room whose seats' bets all came back by game_error, keeping the seats", async () => {
    const [a, b] = [await newPlayer(t, { balance: "10.00" }), await newPlayer(t, { balance: "10.00" })];
    const { roomId, betOf } = await roomWith(t, [a, b]);
    await callWallet(t, "refund", refundOf(a, betOf(a), { reason: "game_error" }));
    expect(await room(t, a.token, roomId)).toMatchObject({ status: "waiting", current_players: 2 });
    await callWallet(t, "refund", refundOf(b, betOf(b), { reason: "game_error" }));
    expect(await room(t, a.token, roomId)).toMatchObject({ status: "finished", current_players: 2 });
  });
});

describe.each(targets)("$name: POST /wallet/bets", (t) => {
  it("lists a round's bets with their transfer_id, player, amount, currency and refund", async () => {
    const [a, b] = [await newPlayer(t, { balance: "10.00" }), await newPlayer(t, { balance: "10.00" })];
    const { roomId, betOf } = await roomWith(t, [a, b], 4, 2.5);
    const refund = await callWallet(t, "refund", refundOf(b, betOf(b), { amount: "2.50", reason: "game_error" }));
    const answer = await callWallet(t, "bets", { round_id: roomId });
    expect(answer.body).toEqual({
      status_code: "OK",
      message: expect.any(String),
      round_id: roomId,
      bets: [
        { transfer_id: betOf(a), player_id: a.id, amount: "2.50", currency: "USD", refunded: false, refund_casino_transfer_id: "" },
        { transfer_id: betOf(b), player_id: b.id, amount: "2.50", currency: "USD", refunded: true, refund_casino_transfer_id: refund.body.casino_transfer_id },
      ],
      total: 2,
      page: 1,
      limit: 100,
      total_pages: 1,
    });
    expect((await callWallet(t, "bets", { round_id: "no-such-round", request_id: "ignored" })).body).toMatchObject({ status_code: "OK", bets: [] });
  });

  it("pages a round's bets oldest first: the pages add up to every bet once, and a page past the end is empty", async () => {
    const [a, b, c] = [await newPlayer(t, { balance: "10.00" }), await newPlayer(t, { balance: "10.00" }), await newPlayer(t, { balance: "10.00" })];
    const { roomId } = await roomWith(t, [a, b, c]);
    const newestBetOf = async (p: Player) => (await ledgerOf(t, p.id)).find((r) => r.kind === "debit" && r.round_id === roomId)!.transfer_id;
    const taken = [await newestBetOf(a), await newestBetOf(b), await newestBetOf(c)];
    // Leaving returns a seat's bet, and each join takes a new one: six bets in a room that never fills.
    for (const p of [c, b, c]) {
      await post(t, `/v1/rooms/${roomId}/leave`, undefined, { token: p.token });
      expect((await post(t, `/v1/rooms/${roomId}/join`, undefined, { token: p.token })).status).toBe(200);
      taken.push(await newestBetOf(p));
    }

    const whole = (await callWallet(t, "bets", { round_id: roomId })).body;
    expect(whole).toMatchObject({ status_code: "OK", message: `6 bets in round ${roomId}.`, total: 6, page: 1, limit: 100, total_pages: 1 });
    expect(whole.bets.map((bet: { transfer_id: string }) => bet.transfer_id)).toEqual(taken);
    expect(whole.bets.map((bet: { refunded: boolean }) => bet.refunded)).toEqual([false, true, true, true, false, false]);

    for (const limit of [4, 2, 1]) {
      const pages = [];
      for (let page = 1; page <= Math.ceil(6 / limit); page++) {
        const answer = (await callWallet(t, "bets", { round_id: roomId, page, limit })).body;
        expect(answer).toMatchObject({ status_code: "OK", message: `6 bets in round ${roomId}; page ${page} of ${Math.ceil(6 / limit)}.`, total: 6, page, limit, total_pages: Math.ceil(6 / limit) });
        pages.push(...answer.bets);
      }
      expect(pages).toEqual(whole.bets);
    }
    const past = (await callWallet(t, "bets", { round_id: roomId, page: 3, limit: 4 })).body;
    expect(past).toEqual({ status_code: "OK", message: `6 bets in round ${roomId}; page 3 is past the last (2).`, round_id: roomId, bets: [], total: 6, page: 3, limit: 4, total_pages: 2 });
    const none = (await callWallet(t, "bets", { round_id: "no-such-round", page: 2 })).body;
    expect(none).toMatchObject({ status_code: "OK", bets: [], total: 0, page: 2, limit: 100, total_pages: 0 });
  });

  it.each([
    ["page", 0, "page must be at least 1"],
    ["page", -1, "page must be at least 1"],
    ["page", 1.5, "page must be a whole number from 1 to 1000000"],
    ["page", "2", "page must be a whole number"],
    ["page", null, "page must be a whole number"],
    ["page", 1_000_001, "page must be at most 1000000"],
    ["limit", 0, "limit must be at least 1"],
    ["limit", -5, "limit must be at least 1"],
    ["limit", 2.5, "limit must be a whole number from 1 to 500"],
    ["limit", "10", "limit must be a whole number"],
    ["limit", 501, "limit must be at most 500"],
  ])("refuses %s %j as an invalid request, naming it", async (field, value, problem) => {
    const answer = await callWallet(t, "bets", { round_id: "any-round", [field]: value });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status_code: "ERR_INVALID_REQUEST", message: `Invalid request: ${problem}` });
  });

  it("is signed like the callbacks, and names a missing round_id", async () => {
    const unsigned = await callWallet(t, "bets", { round_id: "r" }, { signature: null });
    expect(unsigned.body).toEqual({ status_code: "ERR_INTEGRITY_CHECK_FAILED", message: expect.any(String) });
    const missing = await callWallet(t, "bets", { round: "r" });
    expect(missing.body).toEqual({ status_code: "ERR_INVALID_REQUEST", message: expect.stringContaining("round_id") });
  });
});

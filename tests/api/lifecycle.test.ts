import { describe, expect, it } from "vitest";
import { expectError, get, newPlayer, post, targets } from "./helpers";
import type { Target } from "./global-setup";
import { inOrder } from "./forced-order";
import { balanceOf, callWallet, creditBody, ledgerOf, refundBody } from "./wallet-helpers";

// Rooms moving through their states: join, leave, a completed round, and the refusals of each.

type Player = Awaited<ReturnType<typeof newPlayer>>;

async function openRoom(t: Target, creator: Player, { seats = 2, bet = "2.00" } = {}) {
  const made = await post(t, "/v1/rooms", { name: "life", bet_amount: bet, currency: creator.currency, player_limit: seats, turn: 10 }, { token: creator.token });
  if (made.status !== 200) throw new Error(`Could not create a room: ${JSON.stringify(made.body)}`);
  return made.body.data.id as string;
}

const join = (t: Target, p: Player, roomId: string) => post(t, `/v1/rooms/${roomId}/join`, undefined, { token: p.token });
const leave = (t: Target, p: Player, roomId: string) => post(t, `/v1/rooms/${roomId}/leave`, undefined, { token: p.token });

describe.each(targets)("$name: room lifecycle", (t) => {
  it("seats a joiner and takes the bet, with the room as the round; the last seat starts the game", async () => {
    const [a, b] = [await newPlayer(t, { balance: "10.00" }), await newPlayer(t, { balance: "10.00" })];
    const roomId = await openRoom(t, a);
    const joined = await join(t, b, roomId);
    expect(joined.status).toBe(200);
    expect(joined.body.data).toMatchObject({ id: roomId, status: "playing", current_players: 2, is_joinable: false });
    expect(joined.body.data.players.map((p: { id: string }) => p.id)).toEqual([a.id, b.id]);
    expect(await balanceOf(t, b.token)).toBe("8.00");
    const [debit] = await ledgerOf(t, b.id);
    expect(debit).toMatchObject({ kind: "debit", amount: "2.00", round_id: roomId });
  });

  it("refuses a seat in a playing room, a second seat, another currency and a short balance, taking nothing", async () => {
    const [a, b, c] = [await newPlayer(t), await newPlayer(t), await newPlayer(t)];
    const playing = await openRoom(t, a);
    await join(t, b, playing);
    expectError(await join(t, c, playing), 409, "room_full");

    const waiting = await openRoom(t, a, { seats: 4 });
    expectError(await join(t, a, waiting), 409, "already_seated");
    const euro = await newPlayer(t, { currency: "EUR" });
    expectError(await join(t, euro, waiting), 409, "currency_mismatch");
    const poor = await newPlayer(t, { balance: "1.00" });
    expectError(await join(t, poor, waiting), 409, "insufficient_funds");
    expect(await balanceOf(t, poor.token)).toBe("1.00");
    expect(await ledgerOf(t, poor.id)).toHaveLength(1);
    expectError(await join(t, c, "no-such-room"), 404, "room_not_found");
    expect((await get(t, `/v1/rooms/${waiting}`, { token: a.token })).body.data.current_players).toBe(1);
  });

  it("unseats a leaver and refunds the bet; the last one out finishes the room", async () => {
    const [a, b] = [await newPlayer(t, { balance: "10.00" }), await newPlayer(t, { balance: "10.00" })];
    const roomId = await openRoom(t, a, { seats: 4 });
    expect((await join(t, b, roomId)).body.data).toMatchObject({ status: "waiting", current_players: 2, is_joinable: true });
    const left = await leave(t, b, roomId);
    expect(left.body.data).toMatchObject({ status: "waiting", current_players: 1 });
    expect(await balanceOf(t, b.token)).toBe("10.00");
    const [refund, debit] = await ledgerOf(t, b.id);
    expect(refund).toMatchObject({ kind: "refund", amount: "2.00", transfer_id: debit!.transfer_id, round_id: roomId });

    const last = await leave(t, a, roomId);
    expect(last.body.data).toMatchObject({ status: "finished", current_players: 0, is_joinable: false });
    expect(await balanceOf(t, a.token)).toBe("10.00");
    expectError(await join(t, b, roomId), 409, "room_not_waiting");
  });

  it("lets one player join a room 10 times at most, so that no round grows without bound", async () => {
    const [a, b] = [await newPlayer(t, { balance: "100.00" }), await newPlayer(t, { balance: "100.00" })];
    const roomId = await openRoom(t, a, { seats: 4 });
    for (let i = 0; i < 10; i++) {
      expect((await join(t, b, roomId)).status).toBe(200);
      expect((await leave(t, b, roomId)).status).toBe(200);
    }
    const refused = await join(t, b, roomId);
    expectError(refused, 409, "too_many_joins");
    expect(await balanceOf(t, b.token)).toBe("100.00");
  });

  it("refuses to let a player leave a playing room, or a room they are not in", async () => {
    const [a, b, c] = [await newPlayer(t), await newPlayer(t), await newPlayer(t)];
    const roomId = await openRoom(t, a);
    expectError(await leave(t, b, roomId), 409, "not_seated");
    await join(t, b, roomId);
    expectError(await leave(t, b, roomId), 409, "room_not_waiting");
    expectError(await leave(t, c, roomId), 409, "room_not_waiting");
    expect(await balanceOf(t, b.token)).toBe("98.00");
  });

  it("finishes a room with the credit that completes its round, once", async () => {
    const [a, b] = [await newPlayer(t), await newPlayer(t)];
    const roomId = await openRoom(t, a);
    await join(t, b, roomId);
    const midway = await callWallet(t, "credit", creditBody(a.id, { round_id: roomId, round_completed: false, amount: "1.00" }));
    expect(midway.body.status_code).toBe("OK");
    expect((await get(t, `/v1/rooms/${roomId}`, { token: a.token })).body.data.status).toBe("playing");
    // The round may pay its pot, 4.00 (no rake), and has paid 1.00.
    const win = creditBody(a.id, { round_id: roomId, round_completed: true, amount: "3.00" });
    expect((await callWallet(t, "credit", win)).body.status_code).toBe("OK");
    expect((await get(t, `/v1/rooms/${roomId}`, { token: a.token })).body.data).toMatchObject({ status: "finished", current_players: 2 });
    expect((await callWallet(t, "credit", win)).body.status_code).toBe("OK");
  });

  it("refuses a credit for a room that still waits, and leaves the room and its bets as they are", async () => {
    const [a, b] = [await newPlayer(t, { balance: "10.00" }), await newPlayer(t, { balance: "10.00" })];
    const roomId = await openRoom(t, a, { seats: 4 });
    await join(t, b, roomId);
    // Its round has not started: a win paid now could be paid again as the bet's refund when its player leaves.
    const win = creditBody(a.id, { round_id: roomId, round_completed: true, amount: "1.50" });
    expect((await callWallet(t, "credit", win)).body).toMatchObject({ status_code: "ERR_AMOUNT_MISMATCH", message: `Round ${roomId} has not started: its room is still waiting for players, so it pays nothing yet.` });
    expect(await balanceOf(t, a.token)).toBe("8.00");
    expect((await get(t, `/v1/rooms/${roomId}`, { token: a.token })).body.data).toMatchObject({ status: "waiting", current_players: 2 });
    const left = await leave(t, b, roomId);
    expect(left.body.data).toMatchObject({ status: "waiting", current_players: 1 });
    expect(await balanceOf(t, b.token)).toBe("10.00");
  });

  it("frees the seat of a bet the platform already refunded, without refunding it twice", async () => {
    const [a, b] = [await newPlayer(t, { balance: "10.00" }), await newPlayer(t, { balance: "10.00" })];
    const roomId = await openRoom(t, a, { seats: 4 });
    await join(t, b, roomId);
    const [debit] = await ledgerOf(t, b.id);
    const refund = refundBody(b.id, { transfer_id: debit!.transfer_id, round_id: roomId, amount: "2.00" });
    expect((await callWallet(t, "refund", refund)).body.status_code).toBe("OK");
    expect(await balanceOf(t, b.token)).toBe("10.00");
    const left = await leave(t, b, roomId);
    expect(left.body.data).toMatchObject({ status: "waiting", current_players: 1 });
    expect(await balanceOf(t, b.token)).toBe("10.00");
    expect((await ledgerOf(t, b.id)).filter((r) => r.kind === "refund")).toHaveLength(1);
  });
});

describe.each(targets)("$name: admin actions on rooms", (t) => {
  const admin = (path: string, requestId: string, body?: { reason?: unknown }) =>
    post(t, path, body, { admin: t.adminToken, headers: { "x-request-id": requestId, "x-forwarded-for": "203.0.113.7" } });
  const auditOf = async (requestId: string) =>
    (await get(t, "/v1/admin/audit?limit=100", { admin: t.adminToken })).body.data.actions.find((a: { request_id: string }) => a.request_id === requestId);

  it("closes a playing room: every seated bet refunded with game_error, the room finished, the action audited", async () => {
    const [a, b] = [await newPlayer(t, { balance: "10.00" }), await newPlayer(t, { balance: "10.00" })];
    const roomId = await openRoom(t, a);
    await join(t, b, roomId);
    const id = `close-${roomId}`;
    const closed = await admin(`/v1/admin/rooms/${roomId}/close`, id, { reason: "  The game server crashed  " });
    expect(closed.status).toBe(200);
    expect(closed.body.data.room).toMatchObject({ id: roomId, status: "finished" });
    const refunds = [];
    for (const p of [a, b]) {
      expect(await balanceOf(t, p.token)).toBe("10.00");
      const [refund, debit] = await ledgerOf(t, p.id);
      expect(refund).toMatchObject({ kind: "refund", amount: "2.00", round_id: roomId });
      refunds.push({ player_id: p.id, transfer_id: debit!.transfer_id, casino_transfer_id: refund!.casino_transfer_id, amount: "2.00", currency: "USD" });
    }
    // The answer and the audit row say what came back to whom, and why the admin closed the room.
    const byPlayer = (x: { player_id: string }, y: { player_id: string }) => x.player_id.localeCompare(y.player_id);
    expect([...closed.body.data.refunds].sort(byPlayer)).toEqual(refunds.sort(byPlayer));
    const audited = await auditOf(id);
    expect(audited).toMatchObject({ action: "close_room", actor: "owner", source: "203.0.113.7", room_id: roomId, room_name: "life", player_id: null, player_name: null, details: { reason: "The game server crashed", from: "playing" } });
    expect([...audited.details.refunds].sort(byPlayer)).toEqual(refunds);
    expectError(await admin(`/v1/admin/rooms/${roomId}/close`, `${id}-again`), 409, "room_finished");
    expect(await auditOf(`${id}-again`)).toBeUndefined();
  });

  it("does not refund twice a bet the platform already refunded", async () => {
    const [a, b] = [await newPlayer(t, { balance: "10.00" }), await newPlayer(t, { balance: "10.00" })];
    const roomId = await openRoom(t, a);
    await join(t, b, roomId);
    const [debit] = await ledgerOf(t, b.id);
    const refunded = await callWallet(t, "refund", refundBody(b.id, { transfer_id: debit!.transfer_id, round_id: roomId, amount: "2.00", reason: "game_error" }));
    expect(refunded.body.status_code).toBe("OK");
    const closed = await admin(`/v1/admin/rooms/${roomId}/close`, `close-once-${roomId}`);
    expect(closed.body.data.refunds.map((r: { player_id: string }) => r.player_id)).toEqual([a.id]);
    expect(await balanceOf(t, b.token)).toBe("10.00");
  });

  it("removes a player from a waiting room with the bet refunded, audited; from a playing room too, which plays on", async () => {
    const [a, b, c] = [await newPlayer(t, { balance: "10.00" }), await newPlayer(t, { balance: "10.00" }), await newPlayer(t)];
    const roomId = await openRoom(t, a, { seats: 4 });
    await join(t, b, roomId);
    const id = `remove-${roomId}`;
    const removed = await admin(`/v1/admin/rooms/${roomId}/players/${b.id}/remove`, id, { reason: "Seat held by a suspended account" });
    expect(removed.body.data.room).toMatchObject({ status: "waiting", current_players: 1 });
    expect(await balanceOf(t, b.token)).toBe("10.00");
    // A removal is not a leave: the refund has a reason of its own, in the ledger and the audit row.
    const [refund, debit] = await ledgerOf(t, b.id);
    expect(refund).toMatchObject({ kind: "refund", reason: "admin_removal", amount: "2.00", transfer_id: debit!.transfer_id });
    const made = { player_id: b.id, transfer_id: debit!.transfer_id, casino_transfer_id: refund!.casino_transfer_id, amount: "2.00", currency: "USD" };
    expect(removed.body.data.refund).toEqual(made);
    // Names beside the ids, in the audit log and in the room's ledger.
    expect(await auditOf(id)).toMatchObject({
      action: "remove_player",
      room_id: roomId,
      room_name: "life",
      player_id: b.id,
      player_name: b.username,
      details: { reason: "Seat held by a suspended account", refund_reason: "admin_removal", refund: made },
    });
    const detail = await get(t, `/v1/admin/rooms/${roomId}/ledger`, { admin: t.adminToken });
    expect(detail.body.data.ledger.map((e: { kind: string; player_id: string; player_name: string }) => [e.kind, e.player_id, e.player_name])).toEqual([
      ["debit", a.id, a.username],
      ["debit", b.id, b.username],
      ["refund", b.id, b.username],
    ]);
    expectError(await admin(`/v1/admin/rooms/${roomId}/players/${c.id}/remove`, `${id}-c`), 409, "not_seated");

    const playing = await openRoom(t, a);
    await join(t, b, playing);
    // A seat of a playing room too: the bet comes back and the game goes on (the platform is told, tests/api/platform-events.test.ts).
    const freed = await admin(`/v1/admin/rooms/${playing}/players/${b.id}/remove`, `${id}-p`);
    expect(freed.status).toBe(200);
    expect(freed.body.data.room).toMatchObject({ status: "playing", current_players: 1 });
    expect(freed.body.data.refund).toMatchObject({ amount: expect.any(String) });
    expectError(await post(t, `/v1/admin/rooms/${playing}/close`, undefined, { admin: "wrong-admin-token-123456" }), 401, "admin_unauthorized");
    expectError(await admin(`/v1/admin/rooms/no-such-room/close`, `${id}-x`), 404, "room_not_found");
    for (const reason of ["", "   ", 42, "x".repeat(501), "line\u0000break"]) {
      const refused = await admin(`/v1/admin/rooms/${playing}/close`, `${id}-r`, { reason });
      expectError(refused, 400, "validation_failed");
      expect(refused.body.errors[0].path).toBe("reason");
    }
    expectError(await admin(`/v1/admin/rooms/${playing}/close`, `${id}-r`, { reason: "ok", refund: true } as never), 400, "validation_failed");
    expect((await get(t, `/v1/rooms/${playing}`, { token: a.token })).body.data.status).toBe("playing");
  });

  it("closes a waiting room with its bets refunded, and removing the last player finishes a room", async () => {
    const [a, b] = [await newPlayer(t, { balance: "10.00" }), await newPlayer(t, { balance: "10.00" })];
    const waiting = await openRoom(t, a, { seats: 4 });
    await join(t, b, waiting);
    const closed = await admin(`/v1/admin/rooms/${waiting}/close`, `close-waiting-${waiting}`);
    expect(closed.body.data.room).toMatchObject({ status: "finished", is_joinable: false });
    expect(closed.body.data.refunds).toHaveLength(2);
    for (const p of [a, b]) expect(await balanceOf(t, p.token)).toBe("10.00");
    // Without a reason: scripts may leave it out; the audit row says none was given.
    expect(await auditOf(`close-waiting-${waiting}`)).toMatchObject({ action: "close_room", details: { reason: null, from: "waiting" } });

    const alone = await openRoom(t, a, { seats: 4 });
    const removed = await admin(`/v1/admin/rooms/${alone}/players/${a.id}/remove`, `remove-last-${alone}`);
    expect(removed.body.data.room).toMatchObject({ status: "finished", current_players: 0 });
    expect(await balanceOf(t, a.token)).toBe("10.00");
  });
});

describe.each(targets)("$name: two joiners for the last seat", (t) => {
  it.each([0, 1])("seats the joiner whose join comes first (joiner %i) and refuses the other, who keeps their money", async (first) => {
    const creator = await newPlayer(t);
    const roomId = await openRoom(t, creator, { seats: 2, bet: "5.00" });
    const joiners = [await newPlayer(t, { balance: "20.00" }), await newPlayer(t, { balance: "20.00" })];
    const [winner, loser] = [joiners[first]!, joiners[1 - first]!];
    // Both joins lock the room first: the second waits there while the first takes the seat.
    const [seated, refused] = await inOrder(t, { table: "rooms", id: roomId }, [() => join(t, winner, roomId), () => join(t, loser, roomId)]);
    expect(seated.status, JSON.stringify(seated.body)).toBe(200);
    expect(seated.body.data).toMatchObject({ status: "playing", current_players: 2 });
    expectError(refused, 409, "room_full");
    const room = (await get(t, `/v1/rooms/${roomId}`, { token: creator.token })).body.data;
    expect(room.players.map((p: { id: string }) => p.id)).toEqual([creator.id, winner.id]);
    expect([await balanceOf(t, winner.token), await balanceOf(t, loser.token)]).toEqual(["15.00", "20.00"]);
    expect((await ledgerOf(t, loser.id)).map((r) => r.kind)).toEqual(["deposit"]);
  });
});

describe.each(targets.filter((t) => t.name === "postgres"))("$name: the last seat", (t) => {
  it("never seats more than the limit when 20 players race for 3 free seats, and every refused player keeps their money", async () => {
    for (let round = 0; round < 3; round++) {
      const creator = await newPlayer(t);
      const roomId = await openRoom(t, creator, { seats: 4, bet: "5.00" });
      const racers = await Promise.all(Array.from({ length: 20 }, () => newPlayer(t, { balance: "20.00" })));
      const answers = await Promise.all(racers.map((p) => join(t, p, roomId)));
      const seated = racers.filter((_, i) => answers[i]!.status === 200);
      expect(seated).toHaveLength(3);
      for (const a of answers.filter((a) => a.status !== 200)) expect(a.body.code).toBe("room_full");
      const room = (await get(t, `/v1/rooms/${roomId}`, { token: creator.token })).body.data;
      expect(room).toMatchObject({ status: "playing", current_players: 4 });
      expect(room.players).toHaveLength(4);
      const balances = await Promise.all(racers.map((p) => balanceOf(t, p.token)));
      expect(balances.filter((b) => b === "15.00")).toHaveLength(3);
      expect(balances.filter((b) => b === "20.00")).toHaveLength(17);
    }
  });
});

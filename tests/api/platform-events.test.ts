import { describe, expect, it } from "vitest";
import type { Target } from "./global-setup";
import { get, newPlayer, post, targets } from "./helpers";
import { callWallet, creditBody, ledgerOf, refundBody } from "./wallet-helpers";

// From lobby to game, read the way a platform that polls reads it: every room change that matters
// to a game is an event of POST /wallet/events, in commit order, and a seated player's table comes
// with a game session the platform resolves with POST /wallet/session. Other tests write events on
// the same servers at the same time: each test looks at its own rooms' events.

type Event = { event_id: string; type: string; round_id: string; occurred_at: string } & Record<string, unknown>;

/** The cursor now: everything after it is new. */
async function cursorNow(t: Target): Promise<string | null> {
  let after: string | null = null;
  for (;;) {
    const page = await callWallet(t, "events", { after, limit: 500 });
    if (page.body.events.length === 0) return after ?? page.body.next;
    after = page.body.next;
  }
}

/** Every event after the cursor, paged `limit` at a time. */
async function eventsAfter(t: Target, after: string | null, limit = 500): Promise<{ events: Event[]; pages: number; next: string }> {
  const events: Event[] = [];
  let pages = 0;
  for (;;) {
    const page = await callWallet(t, "events", { after, limit });
    expect(page.body.status_code).toBe("OK");
    if (page.body.events.length === 0) return { events, pages, next: page.body.next };
    expect(page.body.events.length).toBeLessThanOrEqual(limit);
    expect(Number(page.body.next)).toBeGreaterThan(Number(after ?? 0));
    events.push(...page.body.events);
    pages++;
    after = page.body.next;
  }
}
const ofRoom = (events: Event[], roomId: string) => events.filter((e) => e.round_id === roomId);

/** A room of `seats` seats, filled: the host creates it and the guests join; the last join starts it. */
async function startedRoom(t: Target, seats: 2 | 4 = 2, { bet = 2, rake = 0 } = {}) {
  const people = await Promise.all(Array.from({ length: seats }, () => newPlayer(t)));
  const made = await post(t, "/v1/rooms", { name: "handoff", bet_amount: bet, currency: "USD", player_limit: seats, turn: 10, rake_percentage: rake }, { token: people[0]!.token });
  expect(made.status).toBe(200);
  const roomId = made.body.data.id as string;
  for (const guest of people.slice(1)) expect((await post(t, `/v1/rooms/${roomId}/join`, undefined, { token: guest.token })).status).toBe(200);
  return { roomId, people };
}
const betOf = async (t: Target, playerId: string, roomId: string) => (await ledgerOf(t, playerId)).find((r) => r.kind === "debit" && r.round_id === roomId)!;

describe.each(targets)("$name: room events for the platform", (t) => {
  it("tells of a room's start with its seats and bets, and of its end by a completing credit", async () => {
    const from = await cursorNow(t);
    const { roomId, people } = await startedRoom(t, 2, { bet: 2.5, rake: 4 });
    const win = creditBody(people[1]!.id, { round_id: roomId, round_completed: true, amount: "4.80" });
    expect((await callWallet(t, "credit", win)).body.status_code).toBe("OK");

    const events = ofRoom((await eventsAfter(t, from)).events, roomId);
    expect(events.map((e) => e.type)).toEqual(["room.started", "room.ended"]);
    const [started, ended] = events as [Event, Event];
    expect(started.event_id).toMatch(/^evt_[0-9a-f-]{36}$/);
    expect(new Date(started.occurred_at).toISOString()).toBe(started.occurred_at);
    expect(started.room).toMatchObject({ id: roomId, status: "playing", bet_amount: 2.5, currency: "USD", player_limit: 2, current_players: 2, rake_percentage: 4, turn: 10, time_bank: 0, is_incremental: false });
    const bets = await Promise.all(people.map((p) => betOf(t, p.id, roomId)));
    expect(started.seats).toEqual(
      people.map((p, i) => ({ player_id: p.id, username: p.username, seat: i + 1, bet_transfer_id: bets[i]!.transfer_id, amount: "2.50", currency: "USD" })),
    );
    expect(ended).toMatchObject({ type: "room.ended", round_id: roomId, reason: "round_completed", refunds: [] });
  });

  it("tells of an end by refunds of every bet, and by an admin's close, with what came back to whom", async () => {
    const from = await cursorNow(t);
    const refunded = await startedRoom(t);
    for (const p of refunded.people) {
      const bet = await betOf(t, p.id, refunded.roomId);
      const body = refundBody(p.id, { transfer_id: bet.transfer_id, round_id: refunded.roomId, amount: "2.00", reason: "game_error" });
      expect((await callWallet(t, "refund", body)).body.status_code).toBe("OK");
    }
    const closed = await startedRoom(t);
    expect((await post(t, `/v1/admin/rooms/${closed.roomId}/close`, { reason: "table frozen" }, { admin: t.adminToken })).status).toBe(200);

    const events = (await eventsAfter(t, from)).events;
    const returnedTo = (people: { id: string; username: string }[], reason: string) =>
      people.map((p) => expect.objectContaining({ player_id: p.id, username: p.username, amount: "2.00", currency: "USD", reason, bet_transfer_id: expect.any(String) }));
    expect(ofRoom(events, refunded.roomId).map((e) => e.type)).toEqual(["room.started", "room.ended"]);
    expect(ofRoom(events, refunded.roomId)[1]).toMatchObject({ reason: "bets_returned", refunds: returnedTo(refunded.people, "game_error") });
    expect(ofRoom(events, closed.roomId).map((e) => e.type)).toEqual(["room.started", "room.ended"]);
    const closedEnd = ofRoom(events, closed.roomId)[1]!;
    expect(closedEnd).toMatchObject({ reason: "closed_by_admin" });
    expect(closedEnd.refunds).toEqual(expect.arrayContaining(returnedTo(closed.people, "game_error")));
    expect(closedEnd.refunds).toHaveLength(2);
  });

  it("tells of a seat an admin frees in a started room; the last one freed ends it", async () => {
    const from = await cursorNow(t);
    const { roomId, people } = await startedRoom(t, 4);
    const remove = (p: { id: string }) => post(t, `/v1/admin/rooms/${roomId}/players/${p.id}/remove`, { reason: "left the table" }, { admin: t.adminToken });
    const sessionOf = async (p: { token: string }) => new URL((await get(t, `/v1/rooms/${roomId}`, { token: p.token })).body.data.game_url).searchParams.get("session")!;
    const [third, fourth] = [await sessionOf(people[2]!), await sessionOf(people[3]!)];
    const first = await remove(people[2]!);
    expect(first.status).toBe(200);
    expect(first.body.data.room).toMatchObject({ status: "playing", current_players: 3 });
    // Seats keep their numbers for the platform: the fourth is still seat 4; the freed player has none.
    expect((await callWallet(t, "session", { session_id: fourth })).body).toMatchObject({ status_code: "OK", seat: 4 });
    const freed = (await callWallet(t, "session", { session_id: third })).body;
    expect(freed).toMatchObject({ status_code: "OK", player_id: people[2]!.id });
    expect(freed.seat).toBeUndefined();
    for (const p of [people[0]!, people[1]!, people[3]!]) expect((await remove(p)).status).toBe(200);

    const events = ofRoom((await eventsAfter(t, from)).events, roomId);
    expect(events.map((e) => e.type)).toEqual(["room.started", "room.seat_freed", "room.seat_freed", "room.seat_freed", "room.seat_freed", "room.ended"]);
    // Seats keep the numbers they had when the room started.
    expect(events.slice(1, 5).map((e) => e.seat)).toEqual([3, 1, 2, 4]);
    expect(events[1]).toMatchObject({ player_id: people[2]!.id, username: people[2]!.username, reason: "admin_removal", refund: { player_id: people[2]!.id, amount: "2.00", currency: "USD", reason: "admin_removal" } });
    expect(events[5]).toMatchObject({ reason: "bets_returned" });
    expect(events[5]!.refunds).toHaveLength(4);
  });

  it("says nothing of a room that never started", async () => {
    const from = await cursorNow(t);
    const host = await newPlayer(t);
    const made = await post(t, "/v1/rooms", { name: "quiet", bet_amount: 1, currency: "USD", player_limit: 2, turn: 10 }, { token: host.token });
    expect((await post(t, `/v1/rooms/${made.body.data.id}/leave`, undefined, { token: host.token })).body.data.status).toBe("finished");
    expect(ofRoom((await eventsAfter(t, from)).events, made.body.data.id)).toEqual([]);
  });

  it("pages through many events by cursor: each once, in commit order, a room's in the order they happened", async () => {
    const from = await cursorNow(t);
    const rooms = [];
    for (let i = 0; i < 6; i++) rooms.push(await startedRoom(t));
    for (const { roomId, people } of rooms) {
      expect((await callWallet(t, "credit", creditBody(people[0]!.id, { round_id: roomId, round_completed: true, amount: "3.00" }))).body.status_code).toBe("OK");
    }
    const whole = await eventsAfter(t, from, 500);
    const paged = await eventsAfter(t, from, 3);
    expect(paged.pages).toBeGreaterThanOrEqual(4);
    // Other tests' events come between; the paged reading holds every event of the whole one, once.
    const ids = (events: Event[]) => events.map((e) => e.event_id);
    expect(ids(paged.events).slice(0, whole.events.length)).toEqual(ids(whole.events));
    expect(new Set(ids(paged.events)).size).toBe(paged.events.length);
    for (const { roomId } of rooms) expect(ofRoom(paged.events, roomId).map((e) => e.type)).toEqual(["room.started", "room.ended"]);
    // Read again from the end: nothing new, and the cursor stays.
    const again = await callWallet(t, "events", { after: paged.next, limit: 10 });
    expect(again.body).toMatchObject({ status_code: "OK", events: [] });
    expect(Number(again.body.next)).toBeGreaterThanOrEqual(Number(paged.next));
  });

  it("refuses an unsigned or badly signed read, and a bad cursor or limit, moving nothing", async () => {
    expect((await callWallet(t, "events", { after: null }, { signature: null })).body.status_code).toBe("ERR_INTEGRITY_CHECK_FAILED");
    expect((await callWallet(t, "events", { after: null }, { signature: "0".repeat(64) })).body.status_code).toBe("ERR_INTEGRITY_CHECK_FAILED");
    for (const body of [{ after: "abc" }, { after: -1 }, { after: null, limit: 0 }, { after: null, limit: 501 }, { after: null, limit: 2.5 }]) {
      const answer = await callWallet(t, "events", body);
      expect(answer.body.status_code, JSON.stringify(body)).toBe("ERR_INVALID_REQUEST");
    }
  });
});

describe.each(targets)("$name: the way to the table", (t) => {
  it("gives a seated player of a playing room a table address with a session the platform resolves; nobody else gets one", async () => {
    const { roomId, people } = await startedRoom(t);
    const stranger = await newPlayer(t);
    const details = await get(t, `/v1/rooms/${roomId}`, { token: people[1]!.token });
    const url = new URL(details.body.data.game_url);
    expect(`${url.origin}${url.pathname}`).toBe("https://games.example.test/table");
    expect(url.searchParams.get("room")).toBe(roomId);
    const session = url.searchParams.get("session")!;
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Read again: the same session, while it has time left.
    expect(new URL((await get(t, `/v1/rooms/${roomId}`, { token: people[1]!.token })).body.data.game_url).searchParams.get("session")).toBe(session);
    expect((await get(t, `/v1/rooms/${roomId}`, { token: stranger.token })).body.data.game_url).toBeUndefined();
    const other = new URL((await get(t, `/v1/rooms/${roomId}`, { token: people[0]!.token })).body.data.game_url).searchParams.get("session");
    expect(other).not.toBe(session);

    const resolved = await callWallet(t, "session", { session_id: session });
    expect(resolved.body).toEqual({
      status_code: "OK",
      message: expect.stringContaining("seat 2"),
      player_id: people[1]!.id,
      username: people[1]!.username,
      currency: "USD",
      balance: "98.00",
      round_id: roomId,
      seat: 2,
    });
    // A credit that names the session is kept with it.
    expect((await callWallet(t, "credit", creditBody(people[1]!.id, { round_id: roomId, round_completed: true, amount: "4.00", session_id: session }))).body.status_code).toBe("OK");
    const credit = (await ledgerOf(t, people[1]!.id)).find((r) => r.kind === "credit");
    expect(credit).toMatchObject({ round_id: roomId });
    // The console links it to the table session; the bets, which named none, are not linked.
    const adminView = await get(t, `/v1/admin/rooms/${roomId}/ledger`, { admin: t.adminToken });
    const rows = adminView.body.data.ledger as { kind: string; game_session: string | null }[];
    expect(rows.find((r) => r.kind === "credit")!.game_session).toBe(session);
    expect(rows.filter((r) => r.kind === "debit").map((r) => r.game_session)).toEqual([null, null]);
    // A finished room offers no table.
    expect((await get(t, `/v1/rooms/${roomId}`, { token: people[1]!.token })).body.data.game_url).toBeUndefined();
  });

  it("refuses an unknown session definitively, and a waiting room offers no table", async () => {
    const unknown = await callWallet(t, "session", { session_id: "A".repeat(43) });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ status_code: "ERR_SESSION_NOT_FOUND" });
    expect((await callWallet(t, "session", {})).body.status_code).toBe("ERR_INVALID_REQUEST");
    expect((await callWallet(t, "session", { session_id: "x" }, { signature: null })).body.status_code).toBe("ERR_INTEGRITY_CHECK_FAILED");
    const host = await newPlayer(t);
    const made = await post(t, "/v1/rooms", { name: "waiting", bet_amount: 1, currency: "USD", player_limit: 2, turn: 10 }, { token: host.token });
    expect((await get(t, `/v1/rooms/${made.body.data.id}`, { token: host.token })).body.data.game_url).toBeUndefined();
  });
});

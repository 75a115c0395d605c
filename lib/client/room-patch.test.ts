import { describe, expect, it } from "vitest";
import { applyRoomUpdates, inFilter, listViewOf, type LivePage } from "./room-patch";
import { catchUp, heldPage, parseRoomsEvent, RoomUpdateLog } from "./room-updates";
import type { RoomUpdate } from "@/lib/live/contract";
import type { Room } from "@/lib/rooms/contract";
import { numberedRoom } from "@/tests/support/sample-room";

// The lobby's patching of its cached list pages by pushed room changes: rooms entering and leaving
// each filter, the exact total, later pages, and changes a page's answer already held.

const ME = "player-me";

const room = (n: number, over: Partial<Room> = {}): Room => numberedRoom(n, { max_players: 2, player_limit: 2, ...over });

/** A page as the list answers it: newest first, read in snapshot 100:100: (every xid below 100 held). */
function page(rooms: Room[], { total = rooms.length, pageNo = 1, limit = 4 } = {}): LivePage {
  return { rooms, active_rooms: [], total, page: pageNo, limit, total_pages: Math.ceil(total / limit), snapshot: "100:100:", stale: false };
}

const change = (r: Room, from: Room["status"] | null, xid = "150"): RoomUpdate => ({
  room: r,
  previous_status: from,
  changes: [{ xid, from, to: r.status }],
});

const ids = (p: LivePage) => p.rooms.map((r) => r.id);

describe("applyRoomUpdates", () => {
  const all = listViewOf("limit=4");

  it("puts a new room on top of page 1, the total up by one, and the last room off a full page", () => {
    const before = page([room(4), room(3), room(2), room(1)], { total: 9 });
    const after = applyRoomUpdates(before, all, [change(room(5), null)]);
    expect(ids(after)).toEqual(["room-005", "room-004", "room-003", "room-002"]);
    expect(after.total).toBe(10);
    expect(after.total_pages).toBe(3);
    expect(after.stale).toBe(false);
  });

  it("leaves out a new room that its filter does not let through, total unchanged", () => {
    const view = listViewOf("currency=USD&limit=4");
    const before = page([room(2), room(1)]);
    const after = applyRoomUpdates(before, view, [change(room(5, { currency: "EUR" }), null)]);
    expect(after.rooms).toEqual(before.rooms);
    expect(after.total).toBe(2);
  });

  it("updates a room in place when a player joins, total unchanged", () => {
    const before = page([room(3), room(2), room(1)]);
    const joined = room(2, { current_players: 2, status: "playing", is_joinable: false });
    const after = applyRoomUpdates(before, all, [change(joined, "waiting")]);
    expect(ids(after)).toEqual(ids(before));
    expect(after.rooms[1]).toEqual(joined);
    expect(after.total).toBe(3);
  });

  it("takes a room off a status filter it leaves, the total down, the page a correct shorter prefix", () => {
    const view = listViewOf("status=waiting&limit=4");
    const before = page([room(4), room(3), room(2), room(1)], { total: 7 });
    const after = applyRoomUpdates(before, view, [change(room(3, { status: "playing" }), "waiting")]);
    expect(ids(after)).toEqual(["room-004", "room-002", "room-001"]);
    expect(after.total).toBe(6);
    expect(after.stale).toBe(false);
    // A room created next fills the gap: the page is whole again, no room falls off.
    const refilled = applyRoomUpdates(after, view, [change(room(9), null, "151")]);
    expect(ids(refilled)).toEqual(["room-009", "room-004", "room-002", "room-001"]);
    expect(refilled.total).toBe(7);
  });

  it("marks page 1 stale once rooms that left make it more than half a page short", () => {
    const view = listViewOf("status=waiting&limit=4");
    let p = page([room(4), room(3), room(2), room(1)], { total: 10 });
    p = applyRoomUpdates(p, view, [change(room(4, { status: "finished" }), "waiting"), change(room(3, { status: "finished" }), "waiting")]);
    expect(p.stale).toBe(false);
    p = applyRoomUpdates(p, view, [change(room(2, { status: "playing" }), "waiting", "151")]);
    expect(ids(p)).toEqual(["room-001"]);
    expect(p.total).toBe(7);
    expect(p.stale).toBe(true);
  });

  it("places a room that enters a filter by finishing where its age puts it", () => {
    const view = listViewOf("status=finished&limit=4");
    const before = page([room(8, { status: "finished" }), room(5, { status: "finished" }), room(2, { status: "finished" })]);
    const after = applyRoomUpdates(before, view, [change(room(6, { status: "finished" }), "playing")]);
    expect(ids(after)).toEqual(["room-008", "room-006", "room-005", "room-002"]);
    expect(after.total).toBe(4);
    // Older than every room on a complete page that has room left: last.
    const older = applyRoomUpdates(page([room(8, { status: "finished" })]), view, [change(room(1, { status: "finished" }), "playing")]);
    expect(ids(older)).toEqual(["room-008", "room-001"]);
  });

  it("skips a change the page's answer already holds: no room twice, no total counted twice", () => {
    const before = page([room(5), room(4)], { total: 5 });
    const after = applyRoomUpdates(before, all, [change(room(5), null, "99")]);
    expect(after).toBe(before);
  });

  it("counts each change the answer does not hold, across a batch's several changes of one room", () => {
    const view = listViewOf("status=waiting&limit=4");
    const created = room(7, { status: "playing" });
    // Created (held by the answer) and filled (not held): it was counted as waiting, and has left.
    const update: RoomUpdate = { room: created, previous_status: null, changes: [{ xid: "90", from: null, to: "waiting" }, { xid: "120", from: "waiting", to: "playing" }] };
    const after = applyRoomUpdates(page([room(7), room(6)], { total: 2 }), view, [update]);
    expect(ids(after)).toEqual(["room-006"]);
    expect(after.total).toBe(1);
  });

  it("marks a later page stale when a newer room enters or leaves, but keeps its total exact", () => {
    const view = listViewOf("page=2&limit=2&status=waiting");
    const p2 = page([room(3), room(2)], { total: 5, pageNo: 2, limit: 2 });
    const entered = applyRoomUpdates(p2, view, [change(room(9), null)]);
    expect(entered.stale).toBe(true);
    expect(entered.total).toBe(6);
    const left = applyRoomUpdates(p2, view, [change(room(8, { status: "playing" }), "waiting")]);
    expect(left.stale).toBe(true);
    expect(left.total).toBe(4);
    // An older room leaving the filter does not move this page's rooms.
    const olderLeft = applyRoomUpdates(p2, view, [change(room(1, { status: "playing" }), "waiting")]);
    expect(olderLeft.stale).toBe(false);
    expect(olderLeft.total).toBe(4);
  });

  it("keeps the player's own unfinished rooms", () => {
    const mine = room(6, { players: [{ id: ME, name: "me", joined_at: "2026-11-23T12:00:06.000Z" }] });
    const joined = applyRoomUpdates(page([]), all, [change(mine, null)], ME);
    expect(joined.active_rooms.map((r) => r.id)).toEqual(["room-006"]);
    const finished = applyRoomUpdates(joined, all, [change({ ...mine, status: "finished" }, "waiting", "151")], ME);
    expect(finished.active_rooms).toEqual([]);
  });
});

describe("applyRoomUpdates in the sort's order", () => {
  it("moves a room up a filling page when a seat is taken, and keeps it in place when nothing it is ordered by changed", () => {
    const view = listViewOf("status=waiting&sort=filling&limit=4");
    const four = (n: number, seated: number) => room(n, { player_limit: 4, max_players: 4, current_players: seated });
    const before = page([four(1, 3), four(4, 2), four(3, 1), four(2, 1)], { total: 4 });
    const joined = applyRoomUpdates(before, view, [change(four(3, 3), "waiting")]);
    expect(ids(joined)).toEqual(["room-003", "room-001", "room-004", "room-002"]);
    expect(joined.total).toBe(4);
    const renamed = applyRoomUpdates(before, view, [change({ ...four(4, 2), name: "Renamed" }, "waiting")]);
    expect(ids(renamed)).toEqual(ids(before));
    expect(renamed.rooms[1]!.name).toBe("Renamed");
  });

  it("places a new room by its bet, ascending and descending", () => {
    const bets = [room(1, { bet_amount: 1 }), room(2, { bet_amount: 5 }), room(3, { bet_amount: 10 })];
    const asc = applyRoomUpdates(page(bets), listViewOf("sort=bet_asc&limit=4"), [change(room(9, { bet_amount: 2.5 }), null)]);
    expect(ids(asc)).toEqual(["room-001", "room-009", "room-002", "room-003"]);
    const desc = applyRoomUpdates(page([...bets].reverse()), listViewOf("sort=bet_desc&limit=4"), [change(room(9, { bet_amount: 2.5 }), null)]);
    expect(ids(desc)).toEqual(["room-003", "room-002", "room-009", "room-001"]);
  });

  it("drops a room that moves past the end of a full page 1, and marks a later page stale when one moves off it", () => {
    const view = listViewOf("sort=filling&limit=2");
    const full = page([room(2, { current_players: 1 }), room(1, { current_players: 1 })], { total: 5 });
    const left = applyRoomUpdates(full, view, [change(room(2, { current_players: 0 }), "waiting")]);
    expect(ids(left)).toEqual(["room-001"]);
    expect(left.stale).toBe(false);
    const second = page([room(2, { current_players: 1 }), room(1, { current_players: 1 })], { total: 5, pageNo: 2, limit: 2 });
    const moved = applyRoomUpdates(second, listViewOf("sort=filling&limit=2&page=2"), [change(room(2, { current_players: 0 }), "waiting")]);
    expect(moved.stale).toBe(true);
  });
});

describe("inFilter", () => {
  it.each([
    ["min_bet_amount=1.5", 1.5, true],
    ["min_bet_amount=1.51", 1.5, false],
    ["max_bet_amount=0.1", 0.1, true],
    ["max_bet_amount=0.09", 0.1, false],
    ["player_limit=4", 1, false],
    ["currency=usd", 1, true],
  ])("%s lets a room betting %d through: %s", (search, bet, expected) => {
    expect(inFilter(room(1, { bet_amount: bet }), "waiting", listViewOf(search))).toBe(expected);
  });

  it("compares bets exactly, with up to 8 decimal places", () => {
    expect(inFilter(room(1, { bet_amount: 0.00000001 }), "waiting", listViewOf("min_bet_amount=0.00000001"))).toBe(true);
    expect(inFilter(room(1, { bet_amount: 0.00000001 }), "waiting", listViewOf("min_bet_amount=0.00000002"))).toBe(false);
    expect(inFilter(room(1, { bet_amount: 0.3 }), "waiting", listViewOf("max_bet_amount=0.3"))).toBe(true);
    expect(inFilter(room(1, { bet_amount: 123456789.12 }), "waiting", listViewOf("min_bet_amount=123456789.12"))).toBe(true);
  });

  it("lets no room through in no status (not yet created)", () => {
    expect(inFilter(room(1), null, listViewOf(""))).toBe(false);
  });
});

describe("RoomUpdateLog and catchUp", () => {
  it("brings a page read while batches arrived up to date, once", () => {
    const log = new RoomUpdateLog();
    log.push([change(room(3), null, "90")]); // arrived before the answer was read: held by it
    log.push([change(room(4), null, "150")]); // arrived while it was read: not held
    const held = heldPage(page([room(3), room(2)], { total: 2 }), "limit=4", log);
    expect(ids(held)).toEqual(["room-004", "room-003", "room-002"]);
    expect(held.total).toBe(3);
    expect(held.appliedThrough).toBe(2);
    expect(catchUp(held, "limit=4", log)).toBe(held);
    log.push([change(room(5), null, "151")]);
    expect(catchUp(held, "limit=4", log).total).toBe(4);
  });

  it("reads an event's rooms, and nothing from a broken one", () => {
    expect(parseRoomsEvent(JSON.stringify({ rooms: [change(room(1), null)] }))).toHaveLength(1);
    expect(parseRoomsEvent("{")).toBeUndefined();
    expect(parseRoomsEvent("{}")).toBeUndefined();
  });
});

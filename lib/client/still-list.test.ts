import { describe, expect, it } from "vitest";
import { inFilter, listViewOf, ORDERS } from "./room-patch";
import { catchUp, heldPage, RoomUpdateLog, type HeldPage } from "./room-updates";
import { heldRooms, holdStill, newRoomsLabel, showPage, type StillList } from "./still-list";
import type { RoomUpdate } from "@/lib/live/contract";
import type { Room, RoomList } from "@/lib/rooms/contract";
import { i18nFor } from "@/lib/i18n/i18n";
import { numberedRoom } from "@/tests/support/sample-room";

// The list a player reads holds still while rooms change: new rooms wait behind the button, a
// changed room is updated where it stands, and showing the held rooms gives the page the server
// would answer. A small server here keeps every room, answers pages by the list's own filters and
// orders, and numbers its changes as transactions, so the lobby's pages can be compared with it.

const room = numberedRoom;

/** The server: every room, a transaction counter, and the lobby's log of the batches it pushed. */
function server(rooms: Room[]) {
  const all = new Map(rooms.map((r) => [r.id, r]));
  const log = new RoomUpdateLog();
  let xid = 100;
  return {
    log,
    /** The list's answer for a query string, read now. */
    read(search: string): RoomList {
      const view = listViewOf(search);
      const matching = [...all.values()].filter((r) => inFilter(r, r.status, view)).sort(ORDERS[view.sort]);
      const rooms = matching.slice((view.page - 1) * view.limit, view.page * view.limit);
      return { rooms, active_rooms: [], total: matching.length, page: view.page, limit: view.limit, total_pages: Math.ceil(matching.length / view.limit), snapshot: `${xid + 1}:${xid + 1}:` };
    },
    /** Rooms created or changed, pushed as one batch. */
    change(...rooms: Room[]) {
      const updates: RoomUpdate[] = rooms.map((r) => {
        const from = all.get(r.id)?.status ?? null;
        all.set(r.id, r);
        return { room: r, previous_status: from, changes: [{ xid: String(++xid), from, to: r.status }] };
      });
      log.push(updates);
    },
  };
}

/** A lobby with one page open: the live page it caches, and the list it shows. */
function lobby(srv: ReturnType<typeof server>, search: string) {
  let page: HeldPage = heldPage(srv.read(search), search, srv.log);
  let still: StillList = showPage(page);
  return {
    /** Follows the batches pushed since, as the lobby does on each one. */
    follow() {
      page = catchUp(page, search, srv.log);
      still = holdStill(still, page, srv.log.since(still.appliedThrough));
    },
    /** The live page read again (it was stale, or the lobby reconnected). */
    reread() {
      page = heldPage(srv.read(search), search, srv.log);
      still = holdStill(still, page, []);
    },
    /** The player taps "N new rooms". */
    showAll: () => (still = showPage(page)),
    get page() {
      return page;
    },
    get shown() {
      return still.rooms.map((r) => r.id);
    },
    get held() {
      return heldRooms(still, page).map((r) => r.id);
    },
    shownRoom: (id: string) => still.rooms.find((r) => r.id === id),
  };
}

const ids = (list: RoomList) => list.rooms.map((r) => r.id);
const seated = (r: Room, n: number) => ({ ...r, current_players: n, status: n === r.player_limit ? ("playing" as const) : r.status });

describe("the list held still", () => {
  const first = [room(4), room(3), room(2), room(1)];

  it("holds a new room back instead of inserting it; the total still counts it", () => {
    const srv = server(first);
    const l = lobby(srv, "limit=4");
    srv.change(room(5));
    l.follow();
    expect(l.shown).toEqual(["room-004", "room-003", "room-002", "room-001"]);
    expect(l.held).toEqual(["room-005"]);
    expect(l.page.total).toBe(5);
  });

  it("counts every room the page would show that the list does not, in the page's order", () => {
    const srv = server(first);
    const l = lobby(srv, "limit=4");
    srv.change(room(5));
    l.follow();
    srv.change(room(6), room(7));
    l.follow();
    expect(l.held).toEqual(["room-007", "room-006", "room-005"]);
    expect(l.shown).toEqual(["room-004", "room-003", "room-002", "room-001"]);
    // Rooms pushed past the end of the page stay shown as they were, joinable.
    expect(l.shownRoom("room-001")).toEqual(room(1));
  });

  it("updates a room where it stands when a player joins or it starts, order kept", () => {
    const srv = server(first);
    const l = lobby(srv, "sort=newest&limit=4");
    srv.change(seated(room(3), 3));
    l.follow();
    expect(l.shown).toEqual(["room-004", "room-003", "room-002", "room-001"]);
    expect(l.shownRoom("room-003")?.current_players).toBe(3);
    srv.change(seated(room(3), 4));
    l.follow();
    expect(l.shownRoom("room-003")?.status).toBe("playing");
    expect(l.held).toEqual([]);
  });

  it("keeps a room that left the view where it was, in its new state, until the page is shown again", () => {
    const srv = server([...first, room(0)]);
    const l = lobby(srv, "status=waiting&limit=4");
    srv.change(seated(room(2), 4));
    l.follow();
    expect(ids(l.page)).toEqual(["room-004", "room-003", "room-001"]);
    expect(l.page.total).toBe(4);
    expect(l.shown).toEqual(["room-004", "room-003", "room-002", "room-001"]);
    expect(l.shownRoom("room-002")?.status).toBe("playing");
    expect(l.held).toEqual([]);
    // Read again, the page takes the next room up: it is new to this page.
    l.reread();
    expect(l.held).toEqual(["room-000"]);
    l.showAll();
    expect(l.shown).toEqual(ids(srv.read("status=waiting&limit=4")));
  });

  it("does not reorder a filling page when a seat is taken", () => {
    const four = (n: number, players: number) => room(n, { current_players: players });
    const srv = server([four(1, 3), four(4, 2), four(3, 1), four(2, 1)]);
    const l = lobby(srv, "status=waiting&sort=filling&limit=4");
    srv.change(four(3, 3));
    l.follow();
    expect(ids(l.page)).toEqual(["room-003", "room-001", "room-004", "room-002"]);
    expect(l.shown).toEqual(["room-001", "room-004", "room-003", "room-002"]);
    expect(l.shownRoom("room-003")?.current_players).toBe(3);
    expect(l.held).toEqual([]);
  });

  it("shows nothing held in a list that showed nothing: the page comes in as it is", () => {
    const srv = server([]);
    const l = lobby(srv, "status=waiting&limit=4");
    expect(l.shown).toEqual([]);
    srv.change(room(1), room(2));
    l.follow();
    expect(l.shown).toEqual(["room-002", "room-001"]);
    srv.change(room(3));
    l.follow();
    expect(l.shown).toEqual(["room-002", "room-001"]);
    expect(l.held).toEqual(["room-003"]);
  });
});

describe("showing the held rooms gives the server's page", () => {
  const rooms = Array.from({ length: 9 }, (_, i) => room(i + 1, { bet_amount: [5, 1, 3, 2, 4][i % 5]!, current_players: (i % 3) + 1, currency: i % 4 === 0 ? "EUR" : "USD" }));
  const burst = [
    room(20, { bet_amount: 2.5 }),
    room(21, { bet_amount: 0.5, current_players: 3 }),
    room(22, { bet_amount: 9, currency: "EUR" }),
    room(23, { bet_amount: 1, current_players: 2 }),
  ];

  it.each(["sort=newest", "sort=bet_asc", "sort=bet_desc", "sort=filling", "status=waiting&currency=USD", "sort=bet_asc&currency=USD&max_bet_amount=3", "sort=filling&player_limit=4"])(
    "%s, page 1: held still while rooms come and change, then the server's order",
    (query) => {
      const search = `${query}&limit=5`;
      const srv = server(rooms);
      const l = lobby(srv, search);
      const before = l.shown;
      srv.change(burst[0]!, burst[1]!);
      l.follow();
      // A room on the page fills and starts. (One that moved onto the page from a later one would not
      // be known to the live page until it is read again: room-patch.ts.)
      const last = l.page.rooms[l.page.rooms.length - 1]!;
      srv.change(seated(last, last.player_limit));
      l.follow();
      srv.change(burst[2]!, burst[3]!);
      l.follow();
      expect(l.shown).toEqual(before);
      const fresh = srv.read(search);
      expect(l.page.total).toBe(fresh.total);
      // What the list lacks of the fresh page is held, and nothing else.
      expect(l.held).toEqual(ids(fresh).filter((id) => !before.includes(id)));
      l.showAll();
      expect(l.shown).toEqual(ids(fresh));
      expect(l.held).toEqual([]);
    },
  );

  it.each(["sort=newest", "sort=bet_asc"])("%s, page 2: held still; read again, what came into it is held, and shown in the server's order", (query) => {
    const search = `${query}&limit=3&page=2`;
    const srv = server(rooms);
    const l = lobby(srv, search);
    const before = l.shown;
    srv.change(...burst);
    l.follow();
    expect(l.shown).toEqual(before);
    // Rooms came in ahead of this page: it is read again, and the list still does not move.
    expect(l.page.stale).toBe(true);
    l.reread();
    expect(l.shown).toEqual(before);
    const fresh = srv.read(search);
    expect(l.held).toEqual(ids(fresh).filter((id) => !before.includes(id)));
    expect(l.held.length).toBeGreaterThan(0);
    l.showAll();
    expect(l.shown).toEqual(ids(fresh));
  });
});

describe("holdStill", () => {
  const page = (rooms: Room[], appliedThrough = 1, snapshot = "100:100:") => ({ rooms, appliedThrough, snapshot });

  it("returns the same list when nothing changed, so the lobby settles", () => {
    const still = showPage(page([room(2), room(1)]));
    expect(holdStill(still, page([room(2), room(1)].map((r) => still.rooms.find((s) => s.id === r.id)!)), [])).toBe(still);
  });

  it("takes a room's state from the live page over a change its answer already held", () => {
    const still = showPage(page([room(2), room(1)]));
    const older: RoomUpdate = { room: room(1, { current_players: 2 }), previous_status: "waiting", changes: [{ xid: "90", from: "waiting", to: "waiting" }] };
    const newer: RoomUpdate = { room: room(2, { status: "playing", current_players: 4 }), previous_status: "waiting", changes: [{ xid: "150", from: "waiting", to: "playing" }] };
    // Room 1 left the page, pushed past its end; room 2 started and left it.
    const next = holdStill(still, page([room(9), room(3)], 2), [older, newer]);
    expect(next.rooms.map((r) => [r.id, r.status, r.current_players])).toEqual([
      ["room-002", "playing", 4],
      ["room-001", "waiting", 1],
    ]);
    expect(next.appliedThrough).toBe(2);
  });
});

describe("newRoomsLabel", () => {
  it.each([
    [1, "1 new room"],
    [2, "2 new rooms"],
    [20, "20 new rooms"],
    [1000, "1,000 new rooms"],
  ])("%d: %s", (count, label) => {
    expect(newRoomsLabel(count, i18nFor("en"))).toBe(label);
  });

  it.each([
    [1, "1 sala nueva"],
    [3, "3 salas nuevas"],
    [12000, "12.000 salas nuevas"],
  ])("in Spanish, %d: %s", (count, label) => {
    expect(newRoomsLabel(count, i18nFor("es"))).toBe(label);
  });
});

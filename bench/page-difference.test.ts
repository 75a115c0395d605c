import { describe, expect, it } from "vitest";
import type { Room, RoomList } from "@/lib/rooms/contract";
import { pageDifference } from "./page-difference";

const room = (id: string, over: Partial<Room> = {}) => ({ id, status: "waiting", current_players: 1, player_limit: 2, created_at: "2026-11-27T18:11:36.119Z", ...over }) as Room;
const list = (rooms: Room[], total = rooms.length): RoomList => ({ rooms, active_rooms: [], total, page: 1, limit: 20, total_pages: 1, snapshot: "1:1:" });

describe("pageDifference", () => {
  const [a, b, c] = [room("aaaaaaaa"), room("bbbbbbbb"), room("cccccccc")];

  it("finds none between equal pages", () => {
    expect(pageDifference(list([a, b]), list([a, b]))).toBeUndefined();
  });

  it("tells the same rooms in another order, and where", () => {
    expect(pageDifference(list([a, c, b]), list([a, b, c]))).toMatchObject({ kind: "same rooms, other order", at: 1, shown: expect.stringMatching(/^cccccccc /), fresh: expect.stringMatching(/^bbbbbbbb /) });
  });

  it("tells a room missing and a total off", () => {
    expect(pageDifference(list([a], 1), list([c, a], 2))).toMatchObject({ kind: "total -1, other rooms", at: 0 });
    expect(pageDifference(list([a], 1), list([a, b], 2))).toMatchObject({ kind: "total -1, a shorter page", at: 1, shown: "none" });
    expect(pageDifference(list([a, b, c], 4), list([a, b], 3))).toMatchObject({ kind: "total +1, a longer page", at: 2, fresh: "none" });
    expect(pageDifference(list([a, b], 3), list([a, b], 2))).toMatchObject({ kind: "total +1", at: -1 });
  });

  it("tells a room in another state", () => {
    expect(pageDifference(list([a, b]), list([a, room("bbbbbbbb", { status: "playing", current_players: 2 })]))).toMatchObject({ kind: "a room's state", at: 1 });
  });
});

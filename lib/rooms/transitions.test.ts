import { describe, expect, it } from "vitest";
import { JOINS_PER_ROOM, applyChange, type RoomState } from "./transitions";

const room = (status: RoomState["status"], currentPlayers: number, playerLimit = 4): RoomState => ({ status, currentPlayers, playerLimit });

describe("room transitions", () => {
  it("refuses a player who has joined the room as often as it allows", () => {
    const room = { status: "waiting" as const, currentPlayers: 1, playerLimit: 4 };
    expect(applyChange(room, { kind: "join", seated: false, joinedBefore: JOINS_PER_ROOM - 1 })).toMatchObject({ ok: true });
    expect(applyChange(room, { kind: "join", seated: false, joinedBefore: JOINS_PER_ROOM })).toMatchObject({ ok: false, refusal: "too_many_joins" });
  });

  it("seats a joiner in a waiting room, and the last seat starts the game", () => {
    expect(applyChange(room("waiting", 1), { kind: "join", seated: false })).toEqual({ ok: true, next: room("waiting", 2) });
    expect(applyChange(room("waiting", 3), { kind: "join", seated: false })).toEqual({ ok: true, next: room("playing", 4) });
  });

  it("refuses joining a room that does not wait, a second seat, and a full room", () => {
    expect(applyChange(room("playing", 4), { kind: "join", seated: false })).toMatchObject({ ok: false, refusal: "room_full" });
    expect(applyChange(room("playing", 4), { kind: "join", seated: true })).toMatchObject({ ok: false, refusal: "already_seated" });
    expect(applyChange(room("finished", 0), { kind: "join", seated: false })).toMatchObject({ ok: false, refusal: "room_not_waiting" });
    expect(applyChange(room("finished", 2), { kind: "join", seated: true })).toMatchObject({ ok: false, refusal: "room_not_waiting" });
    expect(applyChange(room("waiting", 2), { kind: "join", seated: true })).toMatchObject({ ok: false, refusal: "already_seated" });
    expect(applyChange(room("waiting", 4), { kind: "join", seated: false })).toMatchObject({ ok: false, refusal: "room_full" });
  });

  it("lets a seated player leave a waiting room; the last one out finishes it", () => {
    expect(applyChange(room("waiting", 2), { kind: "leave", seated: true })).toEqual({ ok: true, next: room("waiting", 1) });
    expect(applyChange(room("waiting", 1), { kind: "leave", seated: true })).toEqual({ ok: true, next: room("finished", 0) });
  });

  it("refuses leaving a playing room, or a room one is not in", () => {
    expect(applyChange(room("playing", 4), { kind: "leave", seated: true })).toMatchObject({ ok: false, refusal: "room_not_waiting" });
    expect(applyChange(room("waiting", 2), { kind: "leave", seated: false })).toMatchObject({ ok: false, refusal: "not_seated" });
  });

  it("lets an admin free a seat of a playing room, which goes on; the last seat freed finishes it", () => {
    expect(applyChange(room("playing", 4), { kind: "leave", seated: true, byAdmin: true })).toEqual({ ok: true, next: room("playing", 3) });
    expect(applyChange(room("playing", 1), { kind: "leave", seated: true, byAdmin: true })).toEqual({ ok: true, next: room("finished", 0) });
    expect(applyChange(room("playing", 4), { kind: "leave", seated: false, byAdmin: true })).toMatchObject({ ok: false, refusal: "not_seated" });
    expect(applyChange(room("finished", 2), { kind: "leave", seated: true, byAdmin: true })).toMatchObject({ ok: false, refusal: "room_not_waiting" });
  });

  it("closes any unfinished room, ends only a playing room's round, and nothing finishes twice", () => {
    for (const kind of ["finish", "close"] as const) {
      expect(applyChange(room("playing", 4), { kind })).toEqual({ ok: true, next: room("finished", 4) });
      expect(applyChange(room("finished", 4), { kind })).toMatchObject({ ok: false, refusal: "room_finished" });
    }
    expect(applyChange(room("waiting", 1), { kind: "close" })).toEqual({ ok: true, next: room("finished", 1) });
    expect(applyChange(room("waiting", 1), { kind: "finish" })).toMatchObject({ ok: false, refusal: "room_not_playing" });
  });

  it("takes a leave as done when a refund freed the seat or the room finished with the bet back", () => {
    expect(applyChange(room("waiting", 1), { kind: "leave", seated: false, betReturned: true })).toEqual({ ok: true, next: room("waiting", 1), unchanged: true });
    expect(applyChange(room("finished", 2), { kind: "leave", seated: true, betReturned: true })).toEqual({ ok: true, next: room("finished", 2), unchanged: true });
    // Still seated in a game that goes on, or a bet that is not back: refused as before.
    expect(applyChange(room("playing", 4), { kind: "leave", seated: true, betReturned: true })).toMatchObject({ ok: false, refusal: "room_not_waiting" });
    expect(applyChange(room("waiting", 2), { kind: "leave", seated: false, betReturned: false })).toMatchObject({ ok: false, refusal: "not_seated" });
    // Seated in a waiting room with the bet back: the seat is freed as usual.
    expect(applyChange(room("waiting", 2), { kind: "leave", seated: true, betReturned: true })).toEqual({ ok: true, next: room("waiting", 1) });
  });

  it("finishes a waiting or playing room once every bet is back", () => {
    expect(applyChange(room("waiting", 2), { kind: "bets_returned" })).toEqual({ ok: true, next: room("finished", 2) });
    expect(applyChange(room("playing", 4), { kind: "bets_returned" })).toEqual({ ok: true, next: room("finished", 4) });
    expect(applyChange(room("finished", 4), { kind: "bets_returned" })).toMatchObject({ ok: false, refusal: "room_finished" });
  });
});

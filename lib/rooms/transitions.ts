import type { RoomStatus } from "./schemas";

// The one place that decides how a room may change. Every change of a room's seats or status is
// asked here first; the use-cases only carry out what this allows.
//
//   waiting ──(last seat taken)──▶ playing ──(round completed, closed, or every bet refunded)──▶ finished
//      │                                                                                       ▲
//      └────(last player leaves, closed, or every bet refunded)────────────────────────────────┘
//
// An admin may also free a seat of a playing room (the game goes on without that player); the last
// seat freed so finishes it.
//
// A completing credit for a room that is still waiting pays the player and leaves the room as it is.
// Who asks for which change is tabled in docs/integration.md ("Who changes what").

export interface RoomState {
  status: RoomStatus;
  currentPlayers: number;
  playerLimit: number;
}

export type RoomChange =
  /** joinedBefore: how many times the player has sat down in this room already (capped reads suffice). */
  | { kind: "join"; seated: boolean; joinedBefore?: number }
  /**
   * betReturned: the player's bet in this room came back already (a platform refund, an admin close).
   * byAdmin: an admin removes the player, which a playing room allows too.
   */
  | { kind: "leave"; seated: boolean; betReturned?: boolean; byAdmin?: boolean }
  | { kind: "finish" }
  | { kind: "close" }
  /** Refunds have returned the bet of every seat. */
  | { kind: "bets_returned" };

export type Refusal = "room_full" | "room_not_waiting" | "room_not_playing" | "already_seated" | "not_seated" | "room_finished" | "too_many_joins";

/**
 * Times one player may sit down in one room. Each join and leave writes a bet and its refund into the
 * round: without a bound, one player could grow a round's ledger, and every answer that shows it,
 * without end.
 */
export const JOINS_PER_ROOM = 10;

/** unchanged: the change has already happened; there is nothing to write. */
export type Outcome = { ok: true; next: RoomState; unchanged?: true } | { ok: false; refusal: Refusal; message: string };

const refuse = (refusal: Refusal, message: string): Outcome => ({ ok: false, refusal, message });
const to = (room: RoomState, patch: Partial<RoomState>): Outcome => ({ ok: true, next: { ...room, ...patch } });

/** What a change does to a room, or why it is refused. Pure: no database, no clock. */
export function applyChange(room: RoomState, change: RoomChange): Outcome {
  switch (change.kind) {
    case "join": {
      if (room.status === "finished") return refuse("room_not_waiting", "The room is finished; only a waiting room takes players.");
      if (change.seated) return refuse("already_seated", "You already have a seat in this room.");
      if ((change.joinedBefore ?? 0) >= JOINS_PER_ROOM) return refuse("too_many_joins", `You have joined this room ${JOINS_PER_ROOM} times already; choose another room.`);
      // A full room is playing already: the joiner who lost the race for the last seat hears why.
      if (room.currentPlayers >= room.playerLimit) return refuse("room_full", "Every seat in this room is taken.");
      if (room.status !== "waiting") return refuse("room_not_waiting", `The room is ${room.status}; only a waiting room takes players.`);
      const seats = room.currentPlayers + 1;
      return to(room, { currentPlayers: seats, status: seats === room.playerLimit ? "playing" : "waiting" });
    }
    case "leave": {
      // A player whose seat a refund already freed, or whose room finished with the bet back, is out:
      // the leave is done. A seated player of a playing room is still in the game.
      if (change.betReturned && (!change.seated || room.status === "finished")) return { ok: true, next: room, unchanged: true };
      const mayLeave = room.status === "waiting" || (room.status === "playing" && change.byAdmin);
      if (!mayLeave) return refuse("room_not_waiting", `The room is ${room.status}; players leave only while it waits.`);
      if (!change.seated) return refuse("not_seated", "That player has no seat in this room.");
      const seats = room.currentPlayers - 1;
      return to(room, { currentPlayers: seats, status: seats === 0 ? "finished" : room.status });
    }
    case "finish":
      // The end of a round that was played: a waiting room's bets would be stranded by it.
      if (room.status === "finished") return refuse("room_finished", "The room is already finished.");
      if (room.status !== "playing") return refuse("room_not_playing", "The room has not started; only a playing room's round can end.");
      return to(room, { status: "finished" });
    case "close":
    case "bets_returned":
      if (room.status === "finished") return refuse("room_finished", "The room is already finished.");
      return to(room, { status: "finished" });
  }
}

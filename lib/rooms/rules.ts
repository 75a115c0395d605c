import type { RoomStatus } from "./schemas";

/** A room takes players while it waits and has a free seat. */
export function isJoinable(room: { status: RoomStatus; currentPlayers: number; playerLimit: number }): boolean {
  return room.status === "waiting" && room.currentPlayers < room.playerLimit;
}

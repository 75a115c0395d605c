import type { RoomStatus } from "./schemas";

/** Whether a player seated in `open` waiting rooms may open one more, under the per-player cap. */
export const mayOpenAnotherRoom = (open: number, cap: number) => open < cap;

/** A room takes players while it waits and has a free seat. */
export function isJoinable(room: { status: RoomStatus; currentPlayers: number; playerLimit: number }): boolean {
  return room.status === "waiting" && room.currentPlayers < room.playerLimit;
}

import type { RoomStatus } from "./schemas";

/** A room takes players while it waits and has a free seat. */
export function isJoinable(room: { status: RoomStatus; currentPlayers: number; playerLimit: number }): boolean {
  return room.status === "waiting" && room.currentPlayers < room.playerLimit;
}

/** Pages needed for `total` records; none for none. */
export function totalPages(total: number, limit: number): number {
  return Math.ceil(total / limit);
}

export function pageOffset(page: number, limit: number): number {
  return (page - 1) * limit;
}

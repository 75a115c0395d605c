import type { RoomStatus } from "./schemas";

/** Whether a player seated in `open` waiting rooms may open one more, under the per-player cap. */
export const mayOpenAnotherRoom = (open: number, cap: number) => open < cap;

/** A room takes players while it waits and has a free seat. */
export function isJoinable(room: { status: RoomStatus; currentPlayers: number; playerLimit: number }): boolean {
  return room.status === "waiting" && room.currentPlayers < room.playerLimit;
}

/**
 * Why a new room may not have this rake, or undefined when it may: with no list set by the operator
 * (ROOM_RAKE_PERCENTAGES), any rake the schema accepts; with one, only its values. Both are numbers
 * read from decimals of at most 2 places, so the same percentage is the same number.
 */
export function rakeProblem(rake: number, allowed: readonly number[] | undefined): string | undefined {
  if (allowed === undefined || allowed.includes(rake)) return undefined;
  return `must be one of ${allowed.join(", ")}`;
}

// A room that has been playing much longer than any game lasts is likely stuck: the platform never
// sent the round's end. The console flags it so an admin can look and, if so, close it (refunding
// every bet). How long is too long is STUCK_ROOM_MINUTES (docs/operations.md).

/** Whether the room has been playing, without a change, for longer than `afterSeconds`. */
export function isStuck(room: { status: string; updated_at: string }, afterSeconds: number, now = Date.now()): boolean {
  return room.status === "playing" && now - Date.parse(room.updated_at) > afterSeconds * 1000;
}

import type { Room, RoomList } from "@/lib/rooms/contract";

// Where a watcher's live page differs from a fresh read of the same list, told in a few words, so
// that a benchmark whose lobbies end up inexact says how: rooms missing, a total off, or the same
// rooms in another order.

const brief = (r: Room | undefined) => (r ? `${r.id.slice(0, 8)} ${r.status} ${r.current_players}/${r.player_limit} ${r.created_at}` : "none");

export interface PageDifference {
  /** The kind, for counting: which of total, rooms, order and state differ. */
  kind: string;
  /** The first place where they differ, with the room each shows there. */
  at: number;
  shown: string;
  fresh: string;
}

export function pageDifference(page: RoomList, fresh: RoomList): PageDifference | undefined {
  const at = page.rooms.findIndex((r, i) => {
    const f = fresh.rooms[i];
    return r.id !== f?.id || r.status !== f.status || r.current_players !== f.current_players;
  });
  const first = at >= 0 ? at : page.rooms.length < fresh.rooms.length ? page.rooms.length : -1;
  if (first < 0 && page.total === fresh.total) return undefined;
  const ids = (rooms: Room[]) => rooms.map((r) => r.id).sort().join();
  const parts = [
    page.total !== fresh.total && `total ${page.total - fresh.total > 0 ? "+" : ""}${page.total - fresh.total}`,
    ids(page.rooms) !== ids(fresh.rooms) ? "other rooms" : first >= 0 && page.rooms[first]?.id !== fresh.rooms[first]?.id ? "same rooms, other order" : first >= 0 && "a room's state",
  ].filter(Boolean);
  return { kind: parts.join(", "), at: first, shown: brief(page.rooms[first]), fresh: brief(fresh.rooms[first]) };
}

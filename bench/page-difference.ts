import type { Room, RoomList } from "@/lib/rooms/contract";

// Where a watcher's live page differs from a fresh read of the same list, told in a few words, so
// that a benchmark whose lobbies end up inexact says how: rooms missing, a total off, or the same
// rooms in another order.

const brief = (r: Room | undefined) => (r ? `${r.id.slice(0, 8)} ${r.status} ${r.current_players}/${r.player_limit} ${r.created_at}` : "none");

export interface PageDifference {
  /** The kind, for counting: the total if it differs, and how the rooms first differ (which rooms, their order or a state). */
  kind: string;
  /** The first place where the rooms differ (-1 when only the total does), with the room each shows there. */
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
  const parts = [
    page.total !== fresh.total && `total ${page.total - fresh.total > 0 ? "+" : ""}${page.total - fresh.total}`,
    first >= 0 && roomsDiffer(page.rooms, fresh.rooms),
  ].filter(Boolean);
  return { kind: parts.join(", "), at: first, shown: brief(page.rooms[first]), fresh: brief(fresh.rooms[first]) };
}

/** How the rooms shown differ where they first do, past the total. */
function roomsDiffer(shown: Room[], fresh: Room[]): string {
  const ids = (rooms: Room[]) => rooms.map((r) => r.id);
  const prefixOf = (a: string[], b: string[]) => a.length < b.length && a.every((id, i) => id === b[i]);
  const [mine, theirs] = [ids(shown), ids(fresh)];
  // The lobby leaves a correct, shorter page when it cannot know which room comes in (lib/client/room-patch.ts).
  if (prefixOf(mine, theirs)) return "a shorter page";
  if (prefixOf(theirs, mine)) return "a longer page";
  if ([...mine].sort().join() !== [...theirs].sort().join()) return "other rooms";
  return mine.join() !== theirs.join() ? "same rooms, other order" : "a room's state";
}

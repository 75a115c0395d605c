import type { I18n } from "@/lib/i18n/i18n";
import { snapshotHolds } from "@/lib/shared/snapshot";
import type { HeldPage } from "./room-updates";
import type { RoomUpdate } from "@/lib/live/contract";
import type { Room } from "@/lib/rooms/contract";

// The list a player reads holds still. The lobby's cached page follows the server exactly
// (room-patch.ts): rooms come in, move and leave as they change, which under a burst of new rooms
// reshuffles the cards under the player's finger. What the player sees is that page as it was when
// shown, each room's state brought up to date where it stands: free seats, players, status. Rooms
// the page now holds and the list does not show wait behind a button ("3 new rooms"), which shows
// the page as it is now. The cached page stays exact, so its total, the player's own rooms and the
// live benchmark's watchers (bench/live-watcher.ts) are unchanged.

/** The rooms the player is shown, held still. */
export interface StillList {
  /** In the order they were shown, each as last known. */
  rooms: Room[];
  /** The last batch of the room log (room-updates.ts) their states follow. */
  appliedThrough: number;
}

type Page = Pick<HeldPage, "rooms" | "snapshot" | "appliedThrough">;

/** The page as it is now, shown: the list holds still from here. */
export function showPage(page: Page): StillList {
  return { rooms: page.rooms, appliedThrough: page.appliedThrough };
}

/**
 * The rooms shown, each brought up to date where it stands: as the live page has it, or, for a room
 * that has left the page (started, finished, or pushed past its end), as its latest change has it.
 * No room comes in, moves or goes. A list that shows nothing takes the page as it is: there is
 * nothing to hold still. `updates` are the log's batches after `still.appliedThrough`.
 */
export function holdStill(still: StillList, page: Page, updates: RoomUpdate[]): StillList {
  if (still.rooms.length === 0) return page.rooms.length === 0 && still.appliedThrough === page.appliedThrough ? still : showPage(page);
  const latest = new Map<string, Room>();
  // A change the page's answer already holds may carry an older state than the answer's.
  for (const u of updates) if (u.changes.some((c) => !snapshotHolds(page.snapshot, c.xid))) latest.set(u.room.id, u.room);
  // The live page is at least as new as any change it has applied.
  for (const r of page.rooms) latest.set(r.id, r);
  const rooms = still.rooms.map((r) => latest.get(r.id) ?? r);
  const same = rooms.every((r, i) => r === still.rooms[i]) && still.appliedThrough === page.appliedThrough;
  return same ? still : { rooms, appliedThrough: page.appliedThrough };
}

/** Rooms the live page holds that the list does not show, in the page's order: behind the button. */
export function heldRooms(still: StillList, page: Pick<HeldPage, "rooms">): Room[] {
  const shown = new Set(still.rooms.map((r) => r.id));
  return page.rooms.filter((r) => !shown.has(r.id));
}

/** The button's words: "1 new room", "3 new rooms". */
export const newRoomsLabel = (count: number, i18n: I18n) => i18n.t.list.newRooms(count);

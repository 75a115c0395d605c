import { applyRoomUpdates, listViewOf, type LivePage } from "./room-patch";
import type { RoomUpdate } from "@/lib/live/contract";
import type { RoomList } from "@/lib/rooms/contract";

// The room batches a lobby has received, numbered, for the pages it holds: a page records the last
// batch applied to it, and catches up from there. A page just read starts from the oldest batch
// kept, so changes that arrived while it was being read are not lost; those its answer already
// holds are skipped by its snapshot. The lobby's pages and the live benchmark's watchers both
// follow the lobby this way (bench/live.ts).

/** Batches kept: about a minute at the server's pace of a few a second. */
const KEPT = 300;

export interface HeldPage extends LivePage {
  /** The number of the last batch applied. */
  appliedThrough: number;
}

export class RoomUpdateLog {
  private batches: { seq: number; updates: RoomUpdate[] }[] = [];
  private last = 0;

  /** Keeps a batch; returns its number. */
  push(updates: RoomUpdate[]): number {
    this.batches.push({ seq: ++this.last, updates });
    if (this.batches.length > KEPT) this.batches.shift();
    return this.last;
  }

  /** Every update after batch `seq`, oldest first. */
  since(seq: number): RoomUpdate[] {
    return this.batches.filter((b) => b.seq > seq).flatMap((b) => b.updates);
  }

  get latest() {
    return this.last;
  }
}

/** A page as read from the API, brought up to date with the batches already received. */
export function heldPage(answer: RoomList, search: string, log: RoomUpdateLog, playerId?: string): HeldPage {
  return catchUp({ ...answer, stale: false, appliedThrough: 0 }, search, log, playerId);
}

/** The page with every batch it has not seen applied. */
export function catchUp(page: HeldPage, search: string, log: RoomUpdateLog, playerId?: string): HeldPage {
  if (page.appliedThrough >= log.latest) return page;
  const patched = applyRoomUpdates(page, listViewOf(search), log.since(page.appliedThrough), playerId);
  return { ...patched, appliedThrough: log.latest };
}

/** The updates of an `event: rooms` message, or undefined when it cannot be read. */
export function parseRoomsEvent(data: string): RoomUpdate[] | undefined {
  try {
    const parsed = JSON.parse(data) as { rooms?: unknown };
    return Array.isArray(parsed.rooms) ? (parsed.rooms as RoomUpdate[]) : undefined;
  } catch {
    return undefined;
  }
}

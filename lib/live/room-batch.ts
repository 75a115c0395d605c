import type { z } from "zod";
import { db } from "@/lib/runtime/database";
import { toRoomResource } from "@/lib/rooms/present";
import { findRoomsByIds, findSeatsOf } from "@/lib/rooms/queries";
import type { RoomChangeNotice } from "@/lib/rooms/room-changes";
import { withinDeadline } from "@/lib/deadline";
import { log } from "@/lib/observability/log";
import type { RoomUpdate } from "./contract";

// Room changes reach the lobbies in batches: the rooms changed since the last batch are read once
// (rows and seats, two queries) and sent to every watcher as one message. A burst of changes costs
// each watcher one write, and the database one read, however many watch. The more watchers, the
// longer a batch gathers (batchWindowMs), so that writing to the streams stays a small share of
// the instance's time and wallet calls keep theirs.

/** A batch as sent: each room once, in its current state, with the changes that led there. */
export interface RoomsMessage {
  /** The SSE text of the batch for watchers whose room addresses use `origin`, encoded once per origin. */
  bytesFor(origin: string): Uint8Array;
  rooms: number;
}

/**
 * How long a batch gathers changes: a sixth of a millisecond per watcher, from 100 ms up to 1 s.
 * One write to a stream costs about 25 µs of the event loop (measured at 2,000 and 5,000 streams,
 * docs/performance.md), so a batch's fan-out stays near 15% of one core however many watch:
 * 100 ms up to 600 watchers, 333 ms at 2,000, 833 ms at 5,000, 1 s from 6,000.
 */
export function batchWindowMs(watchers: number): number {
  return Math.min(1000, Math.max(100, Math.round(watchers / 6)));
}
/** Past this many rooms waiting for a batch, they are dropped and every watcher refetches instead. */
const MAX_PENDING_ROOMS = 2_000;

export class RoomBatcher {
  private pending = new Map<string, RoomChangeNotice[]>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing = false;

  constructor(
    private readonly send: (message: RoomsMessage) => void,
    private readonly resync: () => void,
    private readonly watchers: () => number,
  ) {}

  add(change: RoomChangeNotice) {
    // No stream open, nothing to read: a stream opened later starts from its hello (lib/live/greeting.ts).
    if (this.watchers() === 0) return;
    const changes = this.pending.get(change.room_id);
    if (changes) changes.push(change);
    else this.pending.set(change.room_id, [change]);
    if (this.pending.size > MAX_PENDING_ROOMS) {
      log("warn", "live updates fell behind; every watcher refetches", { rooms: this.pending.size });
      this.pending.clear();
      this.resync();
      return;
    }
    this.schedule();
  }

  private schedule() {
    if (this.timer || this.flushing || this.pending.size === 0) return;
    this.timer = setTimeout(() => void this.flush(), batchWindowMs(this.watchers()));
    this.timer.unref?.();
  }

  private async flush() {
    this.timer = undefined;
    const batch = this.pending;
    this.pending = new Map();
    if (batch.size === 0) return;
    this.flushing = true;
    try {
      this.send(await withinDeadline(readBatch(batch), 10_000));
    } catch (error) {
      // The changes stay unknown to the watchers: they refetch what they show.
      log("warn", "live updates could not read changed rooms; watchers refetch", { error: String(error) });
      this.resync();
    } finally {
      this.flushing = false;
      this.schedule();
    }
  }
}

async function readBatch(batch: Map<string, RoomChangeNotice[]>): Promise<RoomsMessage> {
  const database = await db();
  const ids = [...batch.keys()];
  const [rows, seats] = await Promise.all([findRoomsByIds(database, ids), findSeatsOf(database, ids)]);
  const encoded = new Map<string, Uint8Array>();
  return {
    rooms: rows.length,
    bytesFor(origin) {
      let bytes = encoded.get(origin);
      if (!bytes) {
        const rooms = rows.map((row): z.input<typeof RoomUpdate> => {
          const changes = batch.get(row.id)!;
          return {
            room: toRoomResource(row, seats, origin),
            previous_status: changes[0]!.from,
            changes: changes.map(({ xid, from, to }) => ({ xid, from, to })),
          };
        });
        bytes = new TextEncoder().encode(`event: rooms\ndata: ${JSON.stringify({ rooms })}\n\n`);
        encoded.set(origin, bytes);
      }
      return bytes;
    },
  };
}

import { log } from "@/lib/observability/log";
import { processState } from "@/lib/process/state";
import { databaseHandle } from "@/lib/runtime/database";
import { keepListening } from "@/lib/runtime/listen";
import { ROOM_STATUSES, type RoomStatus } from "./schemas";

// Every committed change of a room is announced by its trigger (migration 0011) on `room_events`,
// to every instance. Each process listens once, for as long as it runs: the list cache
// (./list-cache.ts) drops its answers on each change, and the live lobby (lib/live/hub.ts) hands
// them to its event streams in batches.

/** One committed change of a room, as its trigger announces it (migration 0011). */
export interface RoomChangeNotice {
  room_id: string;
  /** The status before this change; null when the room was created by it. */
  from: RoomStatus | null;
  to: RoomStatus;
  /** The writing transaction's id: a list answer's snapshot tells whether it already holds the change. */
  xid: string;
}

const isStatus = (value: unknown): value is RoomStatus => ROOM_STATUSES.includes(value as RoomStatus);

export function parseRoomChange(e: Record<string, unknown> | undefined): RoomChangeNotice | undefined {
  if (!e || typeof e.room_id !== "string" || typeof e.xid !== "string" || !isStatus(e.to)) return undefined;
  if (e.from !== null && !isStatus(e.from)) return undefined;
  return { room_id: e.room_id, from: e.from, to: e.to, xid: e.xid };
}

/** Hears every room change as it arrives; undefined when changes were missed (a lost listen): start afresh. */
export type RoomChangeListener = (change: RoomChangeNotice | undefined) => void;

interface RoomChanges {
  listening?: Promise<void>;
  listeners: Set<RoomChangeListener>;
  missedAt: number;
}

const state = () => processState("room-changes", (): RoomChanges => ({ listeners: new Set(), missedAt: 0 }));

function parse(payload: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** Calls `listener` on every room change this process hears of, and when changes were missed. */
export function onRoomChange(listener: RoomChangeListener): void {
  state().listeners.add(listener);
}

/**
 * Changes made while a listen was down were missed: every listener starts afresh. Any of the
 * process's listens may say so (the live lobby's listen to players too); once per reconnection,
 * though each channel of each listen reports its own.
 */
export function missedRoomChanges(): void {
  const s = state();
  if (Date.now() - s.missedAt < 1000) return;
  s.missedAt = Date.now();
  log("info", "live updates listen again after a lost database connection");
  for (const listener of s.listeners) listener(undefined);
}

async function listenToRooms() {
  const s = state();
  await keepListening(
    await databaseHandle(),
    {
      room_events: (payload) => {
        const change = parseRoomChange(parse(payload));
        if (!change) return;
        for (const listener of s.listeners) listener(change);
      },
    },
    missedRoomChanges,
  );
}

/** Resolves once this process listens to the database's room change notifications. */
export function ensureListening(): Promise<void> {
  const s = state();
  s.listening ??= listenToRooms().catch((error) => {
    s.listening = undefined;
    log("error", "live updates could not listen", { error: String(error) });
    throw error;
  });
  return s.listening;
}

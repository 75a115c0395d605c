import { randomUUID } from "node:crypto";
import type { RoomResource } from "./present";

// The events the platform is told of, as values: what each carries is decided here alone. They are
// pushed to PLATFORM_EVENTS_URL and read with POST /wallet/events (docs/integration.md, "From lobby to
// game"). Amounts are decimal text, as in every wallet answer.

export const PLATFORM_EVENT_TYPES = ["room.started", "room.seat_freed", "room.ended"] as const;
export type PlatformEventType = (typeof PLATFORM_EVENT_TYPES)[number];

/** Why a started room ended. */
export type EndReason = "round_completed" | "bets_returned" | "closed_by_admin";

export interface StartedSeat {
  player_id: string;
  username: string;
  /** 1 for the first to sit down, in the order of joining. */
  seat: number;
  bet_transfer_id: string | null;
  amount: string;
  currency: string;
}

export interface ReturnedBet {
  player_id: string;
  username: string;
  bet_transfer_id: string;
  amount: string;
  currency: string;
  /** The refund's ledger reason: game_error, player_exit, admin_removal. */
  reason: string;
}

interface Envelope<T extends PlatformEventType> {
  event_id: string;
  type: T;
  occurred_at: string;
  /** The room's id: the round the bets were placed in. */
  round_id: string;
}

export type RoomStarted = Envelope<"room.started"> & { room: RoomResource; seats: StartedSeat[] };
export type SeatFreed = Envelope<"room.seat_freed"> & { player_id: string; username: string; seat: number; reason: "admin_removal"; refund: ReturnedBet | null };
export type RoomEnded = Envelope<"room.ended"> & { reason: EndReason; refunds: ReturnedBet[] };
export type PlatformEvent = RoomStarted | SeatFreed | RoomEnded;

type Body<E extends PlatformEvent> = Omit<E, keyof Envelope<PlatformEventType>>;

function envelope<T extends PlatformEventType>(type: T, roundId: string, at: Date): Envelope<T> {
  return { event_id: `evt_${randomUUID()}`, type, occurred_at: at.toISOString(), round_id: roundId };
}

export const roomStarted = (roundId: string, at: Date, body: Body<RoomStarted>): RoomStarted => ({ ...envelope("room.started", roundId, at), ...body });
export const seatFreed = (roundId: string, at: Date, body: Body<SeatFreed>): SeatFreed => ({ ...envelope("room.seat_freed", roundId, at), ...body });
export const roomEnded = (roundId: string, at: Date, body: Body<RoomEnded>): RoomEnded => ({ ...envelope("room.ended", roundId, at), ...body });

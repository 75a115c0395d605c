import type { z } from "zod";
import type { RoomRow } from "@/db/schema";
import type { Room } from "./contract";
import { moneyAsNumber } from "@/lib/money/amount";
import { isJoinable } from "./rules";
import type { SeatedPlayer } from "./queries";

/** The address of a room's page in the lobby. */
export const roomUrl = (origin: string, id: string) => `${origin}/rooms/${encodeURIComponent(id)}`;

/**
 * A room as the API shows it: every field of the spec's Room, in every response that returns a room
 * (the spec's create and details subsets are contained in it).
 */
export function toRoomResource(room: RoomRow, seats: SeatedPlayer[], origin: string): z.input<typeof Room> {
  return {
    id: room.id,
    name: room.name,
    bet_amount: moneyAsNumber(room.betAmount),
    currency: room.currency,
    current_players: room.currentPlayers,
    max_players: room.playerLimit,
    player_limit: room.playerLimit,
    status: room.status,
    is_joinable: isJoinable(room),
    is_incremental: room.isIncremental,
    rake_percentage: Number(room.rakePercentage),
    time_bank: room.timeBank,
    turn: room.turn,
    created_at: room.createdAt.toISOString(),
    updated_at: room.updatedAt.toISOString(),
    players: seats
      .filter((s) => s.roomId === room.id)
      .map((s) => ({ id: s.playerId, name: s.username, joined_at: s.joinedAt.toISOString() })),
    url: roomUrl(origin, room.id),
  };
}
export type RoomResource = ReturnType<typeof toRoomResource>;

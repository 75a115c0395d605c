// Shapes of the API's answers as the lobby reads them (see docs/api.md).

export interface PlayerInfo {
  id: string;
  username: string;
  balance: string;
  currency: string;
  avatar: { name: string; url: string };
}

export interface Room {
  id: string;
  name: string;
  bet_amount: number;
  currency: string;
  current_players: number;
  max_players: number;
  player_limit: number;
  status: "waiting" | "playing" | "finished";
  is_joinable: boolean;
  is_incremental: boolean;
  rake_percentage: number;
  time_bank: number;
  turn: number;
  created_at: string;
  updated_at: string;
  players: { id: string; name: string; joined_at: string }[];
  url: string;
}

export interface RoomPage {
  rooms: Room[];
  active_rooms: Room[];
  total: number;
  page: number;
  limit: number;
  total_pages: number;
  /** The database snapshot the total was counted in: which room changes the answer holds. */
  snapshot: string;
}

/** One room of an `event: rooms` batch (GET /v1/events). */
export interface RoomUpdate {
  room: Room;
  previous_status: Room["status"] | null;
  changes: { xid: string; from: Room["status"] | null; to: Room["status"] }[];
}

export type MovementCause = "deposit" | "bet" | "win" | "left_room" | "removed_by_admin" | "room_closed" | "platform_refund";

/** One row of GET /v1/player/transactions. */
export interface Movement {
  id: string;
  kind: "deposit" | "debit" | "credit" | "refund";
  cause: MovementCause;
  amount: string;
  currency: string;
  reason: string;
  room: { id: string; name: string } | null;
  round_id: string | null;
  balance_after: string;
  created_at: string;
}

export interface MovementPage {
  transactions: Movement[];
  total: number;
  page: number;
  limit: number;
  total_pages: number;
}

/** GET /v1/rooms/{room_id}/result. */
export interface RoomResult {
  room_id: string;
  status: Room["status"];
  final: boolean;
  currency: string;
  players: { player_id: string; name: string; bet: string; won: string; refunded: string; net: string }[];
}

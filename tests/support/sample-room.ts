import type { Room } from "@/lib/rooms/contract";

/** A room as the API shows it, for the lobby's pure rules: waiting, 2.50 USD, one of four seats taken; `over` changes any field. */
export function sampleRoom(over: Partial<Room> = {}): Room {
  return {
    id: "r1",
    name: "Table",
    bet_amount: 2.5,
    currency: "USD",
    current_players: 1,
    max_players: 4,
    player_limit: 4,
    status: "waiting",
    is_joinable: true,
    is_incremental: false,
    rake_percentage: 0,
    time_bank: 0,
    turn: 30,
    created_at: "2026-11-24T10:00:00.000Z",
    updated_at: "2026-11-24T10:00:00.000Z",
    players: [{ id: "someone", name: "someone", joined_at: "2026-11-24T10:00:00.000Z" }],
    url: "/rooms/r1",
    ...over,
  };
}

/** The n-th of a list of rooms: its own id, name and second of creation, nobody seated, 1 USD; `over` changes any field. */
export function numberedRoom(n: number, over: Partial<Room> = {}): Room {
  const at = new Date(Date.UTC(2026, 10, 23, 12, 0, n)).toISOString();
  const id = `room-${String(n).padStart(3, "0")}`;
  return sampleRoom({ id, name: `Room ${n}`, bet_amount: 1, current_players: 1, created_at: at, updated_at: at, players: [], url: `http://lobby.test/rooms/room-${n}`, ...over });
}

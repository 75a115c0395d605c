import type { PlayerInfo } from "@/lib/players/contract";
import type { Room } from "@/lib/rooms/contract";
import type { PlayerTransaction } from "@/lib/wallet/contract";
import { fixed } from "./room-patch";
import { joinAbility } from "./seat-rules";

// "Play now": a seat in the best open room at the bet the player names, after the usual question.

/** The bet offered first: the player's last one, from their latest movements; none if they have not bet lately. */
export function lastBet(moves: readonly Pick<PlayerTransaction, "cause" | "amount">[]): string | undefined {
  return moves.find((move) => move.cause === "bet")?.amount;
}

/** The API query for the candidates: waiting rooms of the player's currency at exactly this bet, fullest first. */
export function candidatesSearch(currency: string, bet: string): string {
  return new URLSearchParams({ status: "waiting", currency, min_bet_amount: bet, max_bet_amount: bet, sort: "filling", limit: "100" }).toString();
}

const freeSeats = (room: Room) => room.player_limit - room.current_players;

/**
 * The room to seat the player in: of the rooms they can join at exactly this bet, the one with the
 * fewest free seats (its game starts soonest), and of those the one waiting longest.
 */
export function bestRoom(rooms: readonly Room[], player: Pick<PlayerInfo, "id" | "balance" | "currency">, bet: string): Room | undefined {
  const wanted = fixed(bet);
  if (wanted === undefined) return undefined;
  return rooms
    .filter((room) => fixed(room.bet_amount) === wanted && joinAbility(room, player).can)
    .sort((a, b) => freeSeats(a) - freeSeats(b) || a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id))[0];
}

import { displayMoney } from "@/lib/money/display";
import { fixed } from "./room-patch";
import type { PlayerInfo } from "@/lib/players/contract";
import type { Room } from "@/lib/rooms/contract";

// What a player can do with a room's seat, and why not: the lobby's rows and the room's page show
// the same answer. The server decides again on every call; this only spares the player a refusal.

export type JoinAbility = { can: true; lastSeat: boolean } | { can: false; seated: boolean; reason: string };

export function joinAbility(room: Room, player: Pick<PlayerInfo, "id" | "balance" | "currency">): JoinAbility {
  if (room.players.some((p) => p.id === player.id)) return { can: false, seated: true, reason: "You are seated here" };
  const no = (reason: string): JoinAbility => ({ can: false, seated: false, reason });
  if (room.status === "playing") return no("The game has started");
  if (room.status === "finished") return no("The room is finished");
  if (room.current_players >= room.player_limit) return no("No free seat");
  if (room.currency !== player.currency) return no(`Plays in ${room.currency}; your balance is in ${player.currency}`);
  if (!coversBet(player, room.bet_amount)) return no(`Your balance of ${displayMoney(player.balance, player.currency)} is below the bet`);
  return { can: true, lastSeat: room.current_players + 1 === room.player_limit };
}

/** Whether the player's balance pays this bet, compared exactly (as integers of 10⁻¹² units, never as floats). */
export const coversBet = (player: Pick<PlayerInfo, "balance">, bet: string | number) => (fixed(player.balance) ?? 0n) >= (fixed(bet) ?? 0n);

export const betText = (room: Pick<Room, "bet_amount" | "currency">) => displayMoney(room.bet_amount, room.currency);

/** The player's balance once the room's bet is paid, exactly (the bet is at most the balance). */
export function balanceAfterBet(player: Pick<PlayerInfo, "balance" | "currency">, room: { bet_amount: string | number }): string {
  const left = (fixed(player.balance) ?? 0n) - (fixed(room.bet_amount) ?? 0n);
  const digits = String(left < 0n ? 0n : left).padStart(13, "0");
  return displayMoney(`${digits.slice(0, -12)}.${digits.slice(-12)}`, player.currency);
}

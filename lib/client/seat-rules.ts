import type { I18n } from "@/lib/i18n/i18n";
import { fixed } from "./room-patch";
import type { PlayerInfo } from "@/lib/players/contract";
import type { Room } from "@/lib/rooms/contract";

// What a player can do with a room's seat, and why not: the lobby's rows and the room's page show
// the same answer. The server decides again on every call; this only spares the player a refusal.

/** Why a player cannot join: seated already, the room's state, or their balance. */
export type JoinRefusal = "seated" | "playing" | "finished" | "full" | "currency" | "balance";

export type JoinAbility = { can: true; lastSeat: boolean } | { can: false; why: JoinRefusal };

type Seeker = Pick<PlayerInfo, "id" | "balance" | "currency">;

export function joinAbility(room: Room, player: Seeker): JoinAbility {
  const no = (why: JoinRefusal): JoinAbility => ({ can: false, why });
  if (room.players.some((p) => p.id === player.id)) return no("seated");
  if (room.status === "playing") return no("playing");
  if (room.status === "finished") return no("finished");
  if (room.current_players >= room.player_limit) return no("full");
  if (room.currency !== player.currency) return no("currency");
  if (!coversBet(player, room.bet_amount)) return no("balance");
  return { can: true, lastSeat: room.current_players + 1 === room.player_limit };
}

/** The refusal in the player's words, shown beside the Join it turns off. */
export function refusalText(why: JoinRefusal, room: Pick<Room, "currency">, player: Omit<Seeker, "id">, i18n: I18n): string {
  const refusal = i18n.t.room.join.refusal;
  if (why === "currency") return refusal.currency(room.currency, player.currency);
  if (why === "balance") return refusal.balance(i18n.money(player.balance, player.currency));
  return refusal[why];
}

/** Whether the player's balance pays this bet, compared exactly (as integers of 10⁻¹² units, never as floats). */
export const coversBet = (player: Pick<PlayerInfo, "balance">, bet: string | number) => (fixed(player.balance) ?? 0n) >= (fixed(bet) ?? 0n);

/** The player's balance once the room's bet is paid, exactly (the bet is at most the balance). */
export function balanceAfterBet(player: Pick<PlayerInfo, "balance" | "currency">, room: { bet_amount: string | number }, i18n: I18n): string {
  const left = (fixed(player.balance) ?? 0n) - (fixed(room.bet_amount) ?? 0n);
  const digits = String(left < 0n ? 0n : left).padStart(13, "0");
  return i18n.money(`${digits.slice(0, -12)}.${digits.slice(-12)}`, player.currency);
}

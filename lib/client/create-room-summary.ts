import { displayMoney } from "@/lib/money/display";
import type { PlayerInfo } from "@/lib/players/contract";
import type { CreateRoomInput } from "@/lib/shared/create-room-input";
import { balanceAfterBet, coversBet } from "./seat-rules";

// What creating a room will do, in the words the create form's question shows before the bet is taken.

export interface RoomSummary {
  name: string;
  /** The room's settings as label and value, in the form's order. */
  facts: [label: string, value: string][];
  /** The bet, as taken from the balance: "12.50 USD". */
  bet: string;
  /** The balance the bet leaves: "37.50 USD". */
  balanceAfter: string;
}

const seconds = (n: number) => (n === 1 ? "1 second" : `${n.toLocaleString("en-US")} seconds`);

/** The summary of a room checked with CreateRoomInput, for the player who creates it. */
export function roomSummary(room: CreateRoomInput, player: Pick<PlayerInfo, "balance" | "currency">): RoomSummary {
  const bet = room.bet_amount.toFixed();
  return {
    name: room.name,
    facts: [
      ["Name", room.name],
      ["Players", `${room.player_limit} players`],
      ["Turn", seconds(room.turn)],
      ["Time bank", room.time_bank === 0 ? "none" : seconds(room.time_bank)],
      ["Incremental bets", room.is_incremental ? "yes" : "no"],
      ["Rake", `${room.rake_percentage}%`],
    ],
    bet: displayMoney(bet, room.currency),
    balanceAfter: balanceAfterBet(player, { bet_amount: bet }),
  };
}

/** Why the player's balance cannot pay this bet, read after the bet's label; undefined when it can. */
export function betOverBalance(bet: string, player: Pick<PlayerInfo, "balance" | "currency">): string | undefined {
  return coversBet(player, bet) ? undefined : `is more than your balance of ${displayMoney(player.balance, player.currency)}`;
}

import { displayMoney } from "@/lib/money/display";
import type { PlayerTransaction } from "@/lib/wallet/contract";

// Money the player did not move themselves, said in words: a room an admin closed, a removal, a
// refund from the game platform. The lobby tells of these when they arrive (components/player/money-notices.tsx).

const room = (m: PlayerTransaction) => (m.room ? `“${m.room.name}”` : "a room");

/** What to tell the player of a movement, or undefined when it was their own doing. */
export function noticeOf(m: PlayerTransaction): string | undefined {
  const amount = displayMoney(m.amount, m.currency);
  switch (m.cause) {
    case "room_closed":
      return `An admin closed ${room(m)}. Your bet of ${amount} is back in your balance.`;
    case "removed_by_admin":
      return `An admin removed you from ${room(m)}. Your bet of ${amount} is back in your balance.`;
    case "platform_refund":
      return `The game platform refunded ${amount}${m.room ? ` for ${room(m)}` : ""} (${m.reason.replaceAll("_", " ")}).`;
    default:
      return undefined;
  }
}

import type { I18n } from "@/lib/i18n/i18n";
import type { PlayerTransaction } from "@/lib/wallet/contract";

// Money the player did not move themselves, said in words: a room an admin closed, a removal, a
// refund from the game platform, the operator's adjustment of the balance. The lobby tells of these when they arrive (components/player/money-notices.tsx).

/** What to tell the player of a movement, or undefined when it was their own doing. */
export function noticeOf(m: PlayerTransaction, i18n: I18n): string | undefined {
  const { notices } = i18n.t.shell;
  const amount = i18n.money(m.amount, m.currency);
  const room = m.room?.name ?? null;
  switch (m.cause) {
    case "room_closed":
      return notices.roomClosed(room, amount);
    case "removed_by_admin":
      return notices.removed(room, amount);
    case "platform_refund":
      return notices.platformRefund(amount, room, reasonWords(m.reason, i18n));
    case "admin_adjustment":
      return notices.adjusted(amount, m.direction === "in");
    default:
      return undefined;
  }
}

/** A recorded reason in words: the catalogue's for those the lobby knows, any other as recorded ("some_code" → "some code"). */
export function reasonWords(reason: string, i18n: I18n): string {
  const known = i18n.t.shell.reasons;
  return Object.hasOwn(known, reason) ? known[reason as keyof typeof known] : reason.replaceAll("_", " ");
}

import { csvLine } from "@/lib/csv";
import type { PlayerTransaction } from "@/lib/wallet/contract";

// The player's history as CSV: one row a movement, amounts signed (money out is negative) and in
// plain decimals, so that a spreadsheet adds them up to the balance.

export const CSV_COLUMNS = ["date", "what", "reason", "room", "room_id", "amount", "currency", "balance_after", "id"] as const;

export const CAUSE_LABELS: Record<PlayerTransaction["cause"], string> = {
  deposit: "Deposit",
  bet: "Bet",
  win: "Win",
  left_room: "Refund: you left",
  removed_by_admin: "Refund: removed by an admin",
  room_closed: "Refund: room closed by an admin",
  platform_refund: "Refund by the platform",
};

/** The amount with its direction: "-2.50" for money out. */
export const signedAmount = (m: Pick<PlayerTransaction, "kind" | "amount">) => (m.kind === "debit" ? `-${m.amount}` : m.amount);

export function historyCsv(rows: PlayerTransaction[]): string {
  const lines = rows.map((m) =>
    csvLine([m.created_at, CAUSE_LABELS[m.cause], m.reason, m.room?.name ?? "", m.room?.id ?? m.round_id ?? "", signedAmount(m), m.currency, m.balance_after, m.id]),
  );
  return [csvLine(CSV_COLUMNS), ...lines].join("");
}

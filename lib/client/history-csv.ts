import { csvLine } from "@/lib/csv";
import type { I18n } from "@/lib/i18n/i18n";
import type { PlayerTransaction } from "@/lib/wallet/contract";

// The player's history as CSV: one row a movement, amounts signed (money out is negative) and in
// plain decimals, so that a spreadsheet adds them up to the balance. The header and the "what" column
// are in the player's language, for the person who opens the file; the values a program reads (the
// ISO date, the recorded reason, ids, amounts with a decimal point, currency codes) are the same in every language.

const COLUMNS = ["date", "what", "reason", "room", "room_id", "amount", "currency", "balance_after", "id"] as const;

/** The amount with its direction: "-2.50" for money out. */
export const signedAmount = (m: Pick<PlayerTransaction, "direction" | "amount">) => (m.direction === "out" ? `-${m.amount}` : m.amount);

export function historyCsv(rows: PlayerTransaction[], i18n: I18n): string {
  const { causes, history } = i18n.t.shell;
  const lines = rows.map((m) =>
    csvLine([m.created_at, causes[m.cause], m.reason, m.room?.name ?? "", m.room?.id ?? m.round_id ?? "", signedAmount(m), m.currency, m.balance_after, m.id]),
  );
  return [csvLine(COLUMNS.map((c) => history.csvColumns[c])), ...lines].join("");
}

import { bigint, date, numeric, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { LEDGER_KINDS } from "./ledger";

/**
 * The ledger summed per UTC day, currency and kind, for days that are over: a closed day's rows never
 * change (the ledger is append-only and stamped when written), so the daily report sums each day once
 * and reads these rows afterwards. Written by lib/reports/daily-report.ts, never by the wallet.
 */
export const ledgerDays = pgTable(
  "ledger_days",
  {
    day: date({ mode: "string" }).notNull(),
    currency: text().notNull(),
    kind: text({ enum: LEDGER_KINDS }).notNull(),
    // Unscaled: sums may outgrow a balance's 12 integer digits, and rake has up to 12 fraction digits.
    amount: numeric().notNull(),
    transfers: bigint({ mode: "number" }).notNull(),
    /** Debits: the rake of the rooms' bets; refunds: the rake of the bets they return. */
    rake: numeric().notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.currency, t.kind] })],
);
export type LedgerDayRow = typeof ledgerDays.$inferSelect;

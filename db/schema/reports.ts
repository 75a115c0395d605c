import { bigint, bigserial, date, index, numeric, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { stamp } from "./columns";
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
    // Adjustments are summed signed (positive paid players); every other kind as written.
    amount: numeric().notNull(),
    transfers: bigint({ mode: "number" }).notNull(),
    /** Settlements: the rake they paid the house (lib/reports/ledger-sums.ts, rakeRecognised); zero for other kinds. */
    rake: numeric().notNull(),
    /** How many players had such a movement that day (the dashboard's active players: those who bet). */
    players: bigint({ mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.currency, t.kind] })],
);
export type LedgerDayRow = typeof ledgerDays.$inferSelect;

/**
 * Every change of a room's status, written by triggers on rooms (migration 0014): a new room is a
 * change from nothing to `waiting`. The dashboard counts rooms by status back in time from the
 * current counts and these changes.
 */
export const roomStatusChanges = pgTable(
  "room_status_changes",
  {
    seq: bigserial({ mode: "number" }).primaryKey(),
    roomId: text().notNull(),
    fromStatus: text(),
    toStatus: text().notNull(),
    at: stamp().notNull().defaultNow(),
  },
  (t) => [index("room_status_changes_at").on(t.at)],
);

import { z } from "zod";
import { adminErrors, endpoint, error, moneyText, success } from "@/lib/contract";
import { DailyReportQuery, LedgerExportQuery } from "./schemas";

// Finance's reports: the ledger summed per currency and UTC day, and the ledger rows themselves.

const count = z.number().int().meta({ description: "How many ledger rows" });
const ggr = moneyText.meta({ description: "Gross gaming revenue: bets − refunds − wins (negative when the players won more than they lost)" });
const reportFigures = {
  currency: z.string(),
  opening_balance: moneyText.meta({ description: "Every player's balance in this currency at the start of the day, summed" }),
  deposits: moneyText,
  bets: moneyText,
  wins: moneyText,
  refunds: moneyText,
  adjustments: moneyText.meta({ description: "The operator's balance adjustments, signed: what they paid players less what they took (not part of GGR)" }),
  ggr,
  rake: moneyText.meta({ description: "The rake recognised: what the day's settled pots paid the house" }),
  closing_balance: moneyText.meta({ description: "opening_balance + deposits − bets + wins + refunds + adjustments" }),
  deposit_count: count,
  bet_count: count,
  win_count: count,
  refund_count: count,
  adjustment_count: count,
};
export const DailyReportLine = z
  .object({ date: z.string().meta({ description: "The UTC day, YYYY-MM-DD", example: "2026-11-23" }), ...reportFigures })
  .meta({ id: "DailyReportLine" });
export type DailyReportLine = z.infer<typeof DailyReportLine>;

export const DailyReportTotal = z
  .object(reportFigures)
  .meta({
    id: "DailyReportTotal",
    description: "A currency over the whole range: the opening balance of its first day, the closing balance of its last, and every other figure the sum of its column",
  });
export type DailyReportTotal = z.infer<typeof DailyReportTotal>;

export const DailyReport = z
  .object({
    from: z.string(),
    to: z.string(),
    currency: z.string().nullable().meta({ description: "The currency asked for; null for all" }),
    days: z.array(DailyReportLine),
    totals: z.array(DailyReportTotal).meta({ description: "One per currency of `days`, in the same order" }),
  })
  .meta({ id: "DailyReport" });
export type DailyReport = z.infer<typeof DailyReport>;

export const LedgerCheck = z
  .object({
    ok: z.boolean().meta({ description: "Whether every check found nothing" }),
    problems: z.array(z.string()).meta({ description: "One line per thing that differs, naming it", example: ["pot of round 0b9f…: balance 5, from its round 0; rake - (rows 0), to the platform - (rows 0)"] }),
  })
  .meta({ id: "LedgerCheck" });

export const reportsContract = {
  dailyReport: endpoint({
    method: "GET",
    path: "/v1/admin/reports/daily",
    tag: "Admin",
    summary: "The daily report: the ledger per currency and UTC day",
    description:
      "For each currency and day from `from` to `to` (both included, UTC, at most 366 days, not after today): the players' balances at the start and the end of the day, and the deposits, bets, wins, refunds and adjustments (the operator's, signed) between, with their counts, GGR (gross gaming revenue: bets − refunds − wins; adjustments are not in it) and the rake recognised (what the day's settled pots paid the house). Opening + deposits − bets + wins + refunds + adjustments = closing, to the cent. `totals` has a line per currency over the whole range. `format=csv` answers the same lines as CSV, then the totals, each with `total` in its `date` column.",
    auth: "admin",
    role: "viewer",
    query: DailyReportQuery,
    answers: { 200: { description: "The report's lines, oldest day first, currencies in order", schema: success(DailyReport), csv: "also" }, ...adminErrors },
  }),
  ledgerExport: endpoint({
    method: "GET",
    path: "/v1/admin/reports/ledger",
    tag: "Admin",
    summary: "Every movement of money in a range of days, as CSV",
    description:
      "One line per ledger row from the start of `from` to the end of `to` (UTC, at most 366 days), in the order written: `time, transfer_id` (the platform's reference), `casino_transfer_id` (ours), `kind, cause, from_account, to_account, amount, currency, player_id, round_id, reference_id, reason`. Every page from one snapshot of the ledger. Streamed; a download that breaks off ends without its last line.",
    auth: "admin",
    role: "viewer",
    query: LedgerExportQuery,
    answers: { 200: { description: "The ledger rows as CSV", csv: "only" }, ...adminErrors },
  }),
  ledgerCheck: endpoint({
    method: "GET",
    path: "/v1/admin/ledger/check",
    tag: "Admin",
    summary: "Whether the ledger proves itself, on the live database",
    description:
      "Every consistency check, in one read-only snapshot of the live database: each player's balance against their ledger rows; per currency, all accounts summing to zero; each pot against its round's bets, refunds and settlement; the daily report's kept days against the ledger; each room's player count against its seats; the room tallies. `ok` is true when `problems` is empty; each problem is a line naming what differs. Runs in the report lane (one report at a time): it reads whole tables. The metric `lobby_ledger_problems` carries the last result.",
    auth: "admin",
    role: "viewer",
    answers: { 200: { description: "The checks' result", schema: success(LedgerCheck) }, ...adminErrors, 503: error("`overloaded`: reports are busy on this server; `Retry-After` says when to ask again") },
  }),
};

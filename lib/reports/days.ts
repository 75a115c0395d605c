import type { LedgerKind } from "@/db/schema";
import { csvLine } from "@/lib/csv";
import { formatMoney } from "@/lib/money/amount";
import { Decimal, type DecimalValue } from "@/lib/money/decimal";
import { rakeIn } from "./rake";

// The daily report's rules, apart from the database: which days are over, how a day's sums become
// its line, and the line as CSV. Days are UTC calendar days written YYYY-MM-DD.

const DAY_MS = 86_400_000;

/** How the ledger is summed by time: per UTC day (labelled YYYY-MM-DD) or hour (YYYY-MM-DDTHH). */
export type Period = "day" | "hour";

/**
 * A day is closed once it ended this long ago: no transaction that could still write a row stamped
 * with that day is running by then (a stamp is the transaction's start, and the database's timeouts
 * end any transaction within seconds). A closed day's sums never change, so they are kept.
 */
export const CLOSE_AFTER_MS = 15 * 60_000;

export const dayOf = (at: Date | number) => new Date(at).toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => dayOf(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);
export const daysFrom = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The last day whose sums can be kept: the newest day that ended CLOSE_AFTER_MS or more ago. */
export const lastClosedDay = (now: number) => addDays(dayOf(now - CLOSE_AFTER_MS), -1);

/** One day's sum of one kind of movement in one currency, as the database groups them. */
export interface DaySum {
  day: string;
  currency: string;
  kind: LedgerKind;
  amount: DecimalValue;
  transfers: number;
  rake: DecimalValue;
  /** How many players had such a movement. */
  players: number;
}

/**
 * Money in is positive, money out (a bet) negative: a balance is the sum of its movements so signed.
 * Adjustments are summed signed already (lib/reports/ledger-sums.ts). Settlements move pots, not
 * players: they count only towards rake.
 */
const signed = (s: Pick<DaySum, "kind" | "amount">) =>
  s.kind === "settlement" ? new Decimal(0) : s.kind === "debit" ? new Decimal(s.amount).negated() : new Decimal(s.amount);

/** Gross gaming revenue: bets less the bets refunded and the wins paid. Adjustments are the operator's, not the game's: not in it. */
export const ggrOf = ({ bets, refunds, wins }: { bets: DecimalValue; refunds: DecimalValue; wins: DecimalValue }) => new Decimal(bets).minus(refunds).minus(wins);

export interface ReportLine {
  date: string;
  currency: string;
  opening_balance: string;
  deposits: string;
  bets: string;
  wins: string;
  refunds: string;
  /** Signed: what the operator's adjustments paid players, less what they took. */
  adjustments: string;
  /** bets − refunds − wins */
  ggr: string;
  rake: string;
  closing_balance: string;
  deposit_count: number;
  bet_count: number;
  win_count: number;
  refund_count: number;
  adjustment_count: number;
}

const KIND_COLUMNS = { deposit: "deposits", debit: "bets", credit: "wins", refund: "refunds", adjustment: "adjustments" } as const;
const COUNT_COLUMNS = { deposit: "deposit_count", debit: "bet_count", credit: "win_count", refund: "refund_count", adjustment: "adjustment_count" } as const;

/**
 * The report's lines, one per currency and day from `from` to `to`: what moved that day, and the
 * players' balances before and after it. `before` holds every sum of days before `from` (its days are
 * not read); `sums` those of the report's days. A currency appears when anything ever moved in it, or
 * when it is the one asked for.
 */
export function reportLines({ from, to, before, sums, currency }: { from: string; to: string; before: Pick<DaySum, "currency" | "kind" | "amount">[]; sums: Omit<DaySum, "players">[]; currency?: string }): ReportLine[] {
  const currencies = [...new Set([...before.map((s) => s.currency), ...sums.map((s) => s.currency), ...(currency ? [currency] : [])])].sort();
  const balance = new Map(currencies.map((c) => [c, new Decimal(0)]));
  for (const s of before) balance.set(s.currency, balance.get(s.currency)!.plus(signed(s)));
  const byDay = new Map<string, Omit<DaySum, "players">[]>();
  for (const s of sums) byDay.set(`${s.day} ${s.currency}`, [...(byDay.get(`${s.day} ${s.currency}`) ?? []), s]);

  const lines: ReportLine[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    for (const c of currencies) {
      const opening = balance.get(c)!;
      const totals = { deposit: new Decimal(0), debit: new Decimal(0), credit: new Decimal(0), refund: new Decimal(0), adjustment: new Decimal(0) };
      const counts = { deposit: 0, debit: 0, credit: 0, refund: 0, adjustment: 0 };
      const own = byDay.get(`${day} ${c}`) ?? [];
      for (const s of own) {
        // Settlements move pots, not players: they count only towards rake.
        if (s.kind === "settlement") continue;
        totals[s.kind] = totals[s.kind].plus(s.amount);
        counts[s.kind] += s.transfers;
      }
      const closing = opening.plus(totals.deposit).minus(totals.debit).plus(totals.credit).plus(totals.refund).plus(totals.adjustment);
      balance.set(c, closing);
      const line = { date: day, currency: c, opening_balance: formatMoney(opening, c) } as ReportLine;
      for (const kind of Object.keys(KIND_COLUMNS) as (keyof typeof KIND_COLUMNS)[]) {
        line[KIND_COLUMNS[kind]] = formatMoney(totals[kind], c);
        line[COUNT_COLUMNS[kind]] = counts[kind];
      }
      line.ggr = formatMoney(ggrOf({ bets: totals.debit, refunds: totals.refund, wins: totals.credit }), c);
      line.rake = formatMoney(rakeIn(own), c);
      line.closing_balance = formatMoney(closing, c);
      lines.push(line);
    }
  }
  return lines;
}

export const REPORT_COLUMNS = [
  "date",
  "currency",
  "opening_balance",
  "deposits",
  "bets",
  "wins",
  "refunds",
  "adjustments",
  "ggr",
  "rake",
  "closing_balance",
  "deposit_count",
  "bet_count",
  "win_count",
  "refund_count",
  "adjustment_count",
] as const satisfies readonly (keyof ReportLine)[];

/** A currency's line over the whole range: its first opening, its last closing, and the sums between. */
export type ReportTotal = Omit<ReportLine, "date">;

const SUMMED = ["deposits", "bets", "wins", "refunds", "adjustments", "ggr", "rake"] as const;
const COUNTED = ["deposit_count", "bet_count", "win_count", "refund_count", "adjustment_count"] as const;

/**
 * One total per currency over the report's lines, in the lines' order of currencies. Each figure is
 * the sum of its column as shown, so a total is what adding up the column by hand gives.
 */
export function reportTotals(lines: ReportLine[]): ReportTotal[] {
  const currencies = [...new Set(lines.map((l) => l.currency))];
  return currencies.map((currency) => {
    const own = lines.filter((l) => l.currency === currency);
    const total = { currency, opening_balance: own[0]!.opening_balance } as ReportTotal;
    for (const k of SUMMED) total[k] = formatMoney(own.reduce((t, l) => t.plus(l[k]), new Decimal(0)), currency);
    total.closing_balance = own.at(-1)!.closing_balance;
    for (const k of COUNTED) total[k] = own.reduce((n, l) => n + l[k], 0);
    return total;
  });
}

/** The date column of a total's CSV line. */
export const TOTAL_DATE = "total";

/** The report as CSV: a header, its lines, then a total line per currency, dated `total`. */
export const reportCsv = (lines: ReportLine[], totals: ReportTotal[] = []) =>
  [csvLine(REPORT_COLUMNS), ...[...lines, ...totals.map((t) => ({ date: TOTAL_DATE, ...t }))].map((l) => csvLine(REPORT_COLUMNS.map((k) => String(l[k]))))].join("");

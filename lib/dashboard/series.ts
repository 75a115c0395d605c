import type { LedgerKind } from "@/db/schema";
import { formatMoney } from "@/lib/money/amount";
import { Decimal, type DecimalValue } from "@/lib/money/decimal";
import { ggrOf, type Period } from "@/lib/reports/days";
import { rakeIn } from "@/lib/reports/rake";
import type { RoomStatus } from "@/lib/rooms/schemas";

// The dashboard's series, apart from the database: which periods it shows, rooms by status at the
// end of each, and money and active players per period. Periods are UTC days (YYYY-MM-DD) or hours
// (YYYY-MM-DDTHH), labelled as the ledger's sums are (lib/reports/daily-report.ts).

export type { Period };

/** How many periods the dashboard shows: the last day by hour, the last thirty days by day. */
export const PERIODS_SHOWN: Record<Period, number> = { hour: 24, day: 30 };

const PERIOD_MS: Record<Period, number> = { hour: 3_600_000, day: 86_400_000 };
const labelOf = (at: number, by: Period) => new Date(at).toISOString().slice(0, by === "day" ? 10 : 13);

/** When a period starts, from its label. */
export const periodStart = (label: string, by: Period) => Date.parse(by === "day" ? `${label}T00:00:00Z` : `${label}:00:00Z`);

/** The labels of the last `count` periods, oldest first; the last is the one `now` falls in. */
export function periodsEnding(now: number, by: Period, count = PERIODS_SHOWN[by]): string[] {
  const current = periodStart(labelOf(now, by), by);
  return Array.from({ length: count }, (_, i) => labelOf(current - (count - 1 - i) * PERIOD_MS[by], by));
}

/** Rooms that changed from one status to another in a period (`from` null: rooms first logged). */
export interface StatusChanges {
  period: string;
  from: string | null;
  to: string;
  rooms: number;
}

export interface RoomsPoint {
  period: string;
  /** Rooms in each status at the end of the period (now, for the current one); null before the log began. */
  waiting: number | null;
  playing: number | null;
  finished: number | null;
  /** Rooms created, and rooms finished, during the period. */
  created: number;
  finished_in_period: number;
}

/** Rooms created in a period, by their own creation time. */
export interface RoomsCreated {
  period: string;
  rooms: number;
}

/**
 * Rooms by status at the end of each period, counted back from the current counts: going back over a
 * period undoes its changes. The changes are logged from the day the log began (`logStart`), so a
 * period that ended before it has no counts; with nothing logged at all, only the current one does.
 * Rooms created are counted by the rooms' creation time (`created`), not by when the log first saw
 * them: rooms loaded with an earlier creation time (a seed, an import) were not made in that period.
 */
export function roomsOverTime({ periods, by, now, current, changes, created = [], logStart }: { periods: string[]; by: Period; now: number; current: Record<RoomStatus, number>; changes: StatusChanges[]; created?: RoomsCreated[]; logStart?: number }): RoomsPoint[] {
  const createdIn = new Map(created.map((c) => [c.period, c.rooms]));
  const inPeriod = new Map<string, StatusChanges[]>();
  for (const c of changes) inPeriod.set(c.period, [...(inPeriod.get(c.period) ?? []), c]);
  const counts = { ...current };
  const points: RoomsPoint[] = [];
  for (let i = periods.length - 1; i >= 0; i--) {
    const period = periods[i]!;
    const end = Math.min(now, periodStart(period, by) + PERIOD_MS[by]);
    const known = i === periods.length - 1 || (logStart !== undefined && end >= logStart);
    const own = inPeriod.get(period) ?? [];
    points.push({
      period,
      waiting: known ? counts.waiting : null,
      playing: known ? counts.playing : null,
      finished: known ? counts.finished : null,
      created: createdIn.get(period) ?? 0,
      finished_in_period: own.filter((c) => c.to === "finished").reduce((n, c) => n + c.rooms, 0),
    });
    // Back to the start of this period, which is the end of the one before.
    for (const c of own) {
      if (c.to in counts) counts[c.to as RoomStatus] -= c.rooms;
      if (c.from !== null && c.from in counts) counts[c.from as RoomStatus] += c.rooms;
    }
  }
  return points.reverse();
}

/** One period's sum of one kind of movement in one currency (the ledger's sums, labelled by period). */
export interface PeriodSum {
  day: string;
  currency: string;
  kind: LedgerKind;
  amount: DecimalValue;
  rake: DecimalValue;
  players: number;
}

export interface MoneyPoint {
  period: string;
  bets: string;
  wins: string;
  refunds: string;
  /** The rake recognised: what the period's settled pots paid the house. */
  rake: string;
}

/** Bets, wins, refunds and rake per currency and period; every period is present, zero when quiet. */
export function moneyOverTime(periods: string[], sums: PeriodSum[]): { currency: string; points: MoneyPoint[] }[] {
  const currencies = [...new Set(sums.map((s) => s.currency))].sort();
  return currencies.map((currency) => ({
    currency,
    points: periods.map((period) => {
      const own = sums.filter((s) => s.currency === currency && s.day === period);
      const total = (kind: LedgerKind) => own.filter((s) => s.kind === kind).reduce((t, s) => t.plus(s.amount), new Decimal(0));
      return { period, bets: formatMoney(total("debit"), currency), wins: formatMoney(total("credit"), currency), refunds: formatMoney(total("refund"), currency), rake: formatMoney(rakeIn(own), currency) };
    }),
  }));
}

/**
 * Active players per period: those who placed a bet. A player holds one currency, so the counts of
 * the currencies add up without counting anyone twice.
 */
export function activePlayers(periods: string[], sums: PeriodSum[]): { period: string; players: number }[] {
  return periods.map((period) => ({ period, players: sums.filter((s) => s.day === period && s.kind === "debit").reduce((n, s) => n + s.players, 0) }));
}

export interface TodayFigures {
  currency: string;
  bets: string;
  wins: string;
  refunds: string;
  /** bets − refunds − wins */
  ggr: string;
  rake: string;
  /** Players who placed a bet. */
  players: number;
}

/** One period's headline figures per currency that moved in it (today's, on the dashboard's tiles). */
export function periodFigures(period: string, sums: PeriodSum[]): TodayFigures[] {
  const own = sums.filter((s) => s.day === period);
  return moneyOverTime([period], own).map(({ currency, points: [p] }) => ({
    currency,
    bets: p!.bets,
    wins: p!.wins,
    refunds: p!.refunds,
    ggr: formatMoney(ggrOf(p!), currency),
    rake: p!.rake,
    players: own.filter((s) => s.currency === currency && s.kind === "debit").reduce((n, s) => n + s.players, 0),
  }));
}

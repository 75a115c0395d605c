import { AMOUNT_LIMITS, type AmountLimit, type LimitReachedDetail } from "@/lib/errors";
import { formatMoney } from "@/lib/money/amount";
import { Decimal } from "@/lib/money/decimal";

// A player's limits on their own play (responsible gaming), as rules on values: which limit a bet
// would pass, and when it would fit again. Every window is rolling: it ends now. A bet counts from
// when it was placed until it is refunded; a win (a credit) counts against the loss limits only.
// Credits and refunds are never refused: only bets are checked (lib/ledger/limit-check.ts).

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The rolling window each amount limit counts over. */
export const LIMIT_WINDOW_MS: Record<AmountLimit, number> = {
  daily_bet_limit: DAY_MS,
  loss_limit_24h: DAY_MS,
  loss_limit_7d: 7 * DAY_MS,
  loss_limit_30d: 30 * DAY_MS,
};

/** The amount limits, each null when unset. */
export type AmountLimits = Record<AmountLimit, Decimal | null>;

/** What counts against each limit now: bets over 24 hours for the daily bet limit, net loss over its window for a loss limit. */
export type Usage = Record<AmountLimit, Decimal>;

/** A ledger row that counts: a bet not refunded (adds to bets and losses), or a win (takes from losses). */
export interface Counted {
  at: Date;
  kind: "bet" | "win";
  amount: Decimal;
}

/** What one row adds to what counts against the limit: a bet its amount, a win its amount taken off the losses. */
const weight = (limit: AmountLimit, row: Counted): Decimal =>
  row.kind === "bet" ? row.amount : limit === "daily_bet_limit" ? new Decimal(0) : row.amount.negated();

/** Whether the row is in the limit's window at `now`: placed at or after now less the window. */
const inWindow = (limit: AmountLimit, row: Counted, now: Date) => row.at.getTime() >= now.getTime() - LIMIT_WINDOW_MS[limit];

/** The usage the rows make at `now`: the sums the database makes (lib/ledger/play-usage.ts), written as a rule. */
export function usageOf(rows: readonly Counted[], now: Date): Usage {
  const sum = (limit: AmountLimit) => rows.filter((r) => inWindow(limit, r, now)).reduce((total, r) => total.plus(weight(limit, r)), new Decimal(0));
  return Object.fromEntries(AMOUNT_LIMITS.map((limit) => [limit, sum(limit)])) as Usage;
}

/** The limits this bet would pass: what counts against each, plus the bet, more than the limit. */
export function limitsPassed(limits: AmountLimits, usage: Usage, bet: Decimal): AmountLimit[] {
  return AMOUNT_LIMITS.filter((limit) => {
    const amount = limits[limit];
    return amount !== null && usage[limit].plus(bet).greaterThan(amount);
  });
}

/**
 * The first moment the bet fits under the limit as the rows leave its window, if nothing else is
 * played meanwhile; undefined when the bet alone is more than the limit. A row placed at T leaves the
 * window just after T plus the window. Leaving may also take a win away, which lowers what fits: the
 * answer is the first moment it fits, not one after which it always does.
 */
export function freesUpAt({ limit, amount, bet, rows, now }: { limit: AmountLimit; amount: Decimal; bet: Decimal; rows: readonly Counted[]; now: Date }): Date | undefined {
  if (bet.greaterThan(amount)) return undefined;
  const counted = rows.filter((r) => inWindow(limit, r, now)).sort((a, b) => a.at.getTime() - b.at.getTime());
  let used = counted.reduce((total, r) => total.plus(weight(limit, r)), new Decimal(0));
  if (used.plus(bet).lessThanOrEqualTo(amount)) return now;
  for (let i = 0; i < counted.length; i++) {
    const at = counted[i]!.at.getTime();
    used = used.minus(weight(limit, counted[i]!));
    // Rows of one moment leave together.
    if (counted[i + 1]?.at.getTime() === at) continue;
    if (used.plus(bet).lessThanOrEqualTo(amount)) return new Date(at + LIMIT_WINDOW_MS[limit] + 1);
  }
  // Every row gone, nothing counts, and the bet alone fits: reached above at the last row.
  return undefined;
}

/** A limit's refusal: the API's message and the figures a lobby says it with. */
export interface LimitRefusal {
  message: string;
  detail: LimitReachedDetail;
}

/**
 * A time as the messages write it, in UTC, rounded up to the minute (it is free *by* then): "14:32
 * UTC" on the day of `now`, else with its date, "2026-12-03 14:32 UTC".
 */
export function utcTime(at: Date, now: Date, { withDate = false } = {}): string {
  const iso = new Date(Math.ceil(at.getTime() / 60_000) * 60_000).toISOString();
  const day = iso.slice(0, 10);
  const time = `${iso.slice(11, 16)} UTC`;
  return withDate || day !== now.toISOString().slice(0, 10) ? `${day} ${time}` : time;
}

/** Self-exclusion until `until` refuses every bet before it. */
export function selfExclusionRefusal({ until, bet, currency, now }: { until: Date | null; bet: Decimal; currency: string; now: Date }): LimitRefusal | undefined {
  if (until === null || until.getTime() <= now.getTime()) return undefined;
  return {
    message: `You have excluded yourself from play until ${utcTime(until, now, { withDate: true })}.`,
    detail: { name: "self_exclusion", amount: null, used: null, bet: formatMoney(bet, currency), currency, frees_at: until.toISOString() },
  };
}

const WHAT_COUNTS: Record<AmountLimit, (limit: string, used: string) => string> = {
  daily_bet_limit: (limit, used) => `Your daily bet limit is ${limit} and you have bet ${used} in the last 24 hours`,
  loss_limit_24h: (limit, used) => `Your loss limit for 24 hours is ${limit} and your net loss over the last 24 hours is ${used}`,
  loss_limit_7d: (limit, used) => `Your loss limit for 7 days is ${limit} and your net loss over the last 7 days is ${used}`,
  loss_limit_30d: (limit, used) => `Your loss limit for 30 days is ${limit} and your net loss over the last 30 days is ${used}`,
};

/**
 * The refusal of a bet that passes one or more amount limits, or undefined when it passes none. Of
 * several, the one that holds the bet longest is named (one the bet alone passes first): the bet
 * fits when that one frees up. `rows` are the counted rows of the longest window among them.
 */
export function amountRefusal({
  limits,
  usage,
  rows,
  bet,
  currency,
  now,
}: {
  limits: AmountLimits;
  usage: Usage;
  rows: readonly Counted[];
  bet: Decimal;
  currency: string;
  now: Date;
}): LimitRefusal | undefined {
  const passed = limitsPassed(limits, usage, bet).map((limit) => ({ limit, amount: limits[limit]!, frees: freesUpAt({ limit, amount: limits[limit]!, bet, rows, now }) }));
  if (passed.length === 0) return undefined;
  const holding = passed.find((p) => p.frees === undefined) ?? passed.reduce((latest, p) => (p.frees!.getTime() > latest.frees!.getTime() ? p : latest));
  const money = (value: Decimal) => `${formatMoney(value, currency)} ${currency}`;
  const used = usage[holding.limit];
  const head = WHAT_COUNTS[holding.limit](money(holding.amount), money(used));
  const tail = holding.frees
    ? `this bet of ${money(bet)} would pass it. It frees up by ${utcTime(holding.frees, now)}.`
    : `this bet of ${money(bet)} is more than the whole limit, so it cannot be placed while the limit stands.`;
  return {
    message: `${head}; ${tail}`,
    detail: {
      name: holding.limit,
      amount: formatMoney(holding.amount, currency),
      used: formatMoney(used, currency),
      bet: formatMoney(bet, currency),
      currency,
      frees_at: holding.frees?.toISOString() ?? null,
    },
  };
}

/** The longest window among these limits: what the rows must cover. */
export const longestWindowMs = (limits: readonly AmountLimit[]) => Math.max(0, ...limits.map((l) => LIMIT_WINDOW_MS[l]));

import { z } from "zod";
import { AMOUNT_LIMITS, type AmountLimit, type FieldError } from "@/lib/errors";
import { amountProblem } from "@/lib/money/amount";
import { minorUnits } from "@/lib/money/currencies";
import { Decimal } from "@/lib/money/decimal";
import { moneyInput } from "@/lib/validation/fields";

// A player's limits as both sides write them (PUT /v1/player/limits, PUT /v1/admin/players/{id}/limits,
// and the lobby's Limits page, which checks them before sending): the whole set at once, each null
// when unset, and the rule that a player may only tighten them.

export const LIMIT_FIELDS = [...AMOUNT_LIMITS, "self_excluded_until"] as const;
export type LimitField = (typeof LIMIT_FIELDS)[number];

// Years 1970 to 9999: the database's timestamps cannot hold the year 0000 that ISO 8601 allows.
const instantInput = z.iso
  .datetime({ offset: true, error: (issue) => (issue.input === undefined ? "is required" : "must be a date and time such as 2026-12-31T00:00:00Z, or null") })
  .refine((text) => {
    const at = Date.parse(text);
    return at >= 0 && at < Date.UTC(10_000, 0, 1);
  }, "must be a date and time between 1970 and 9999");

/** The body of both PUTs: every field present, an amount as a decimal string (or JSON number), null to leave one unset. */
export const LimitsInput = z.strictObject({
  daily_bet_limit: moneyInput.nullable(),
  loss_limit_24h: moneyInput.nullable(),
  loss_limit_7d: moneyInput.nullable(),
  loss_limit_30d: moneyInput.nullable(),
  self_excluded_until: instantInput.nullable(),
});
export type LimitsInput = z.output<typeof LimitsInput>;

/** A set of limits as values: amounts exact, the end of self-exclusion an instant. */
export type LimitValues = Record<AmountLimit, Decimal | null> & { self_excluded_until: Date | null };

export const NO_LIMITS: LimitValues = { daily_bet_limit: null, loss_limit_24h: null, loss_limit_7d: null, loss_limit_30d: null, self_excluded_until: null };

export const limitValuesOf = (input: LimitsInput): LimitValues => ({ ...input, self_excluded_until: input.self_excluded_until === null ? null : new Date(input.self_excluded_until) });

/** Self-exclusion in force at `now`: one that has ended counts as none. */
export const excludedUntil = (values: Pick<LimitValues, "self_excluded_until">, now: Date): Date | null =>
  values.self_excluded_until !== null && values.self_excluded_until.getTime() > now.getTime() ? values.self_excluded_until : null;

/**
 * What is wrong with a new set of limits in the player's currency: each amount at least the currency's
 * smallest unit, with no more decimals than it has; self-exclusion in the future (or kept as it is).
 */
export function limitProblems(next: LimitValues, { current, currency, now }: { current: LimitValues; currency: string; now: Date }): FieldError[] {
  const problems: FieldError[] = [];
  const smallest = new Decimal(1).dividedBy(new Decimal(10).pow(minorUnits(currency)));
  for (const field of AMOUNT_LIMITS) {
    const amount = next[field];
    const problem = amount === null ? undefined : amountProblem(amount, currency, { min: smallest });
    if (problem) problems.push({ path: field, message: problem });
  }
  const until = next.self_excluded_until;
  const kept = until !== null && current.self_excluded_until?.getTime() === until.getTime();
  if (until !== null && !kept && until.getTime() <= now.getTime()) problems.push({ path: "self_excluded_until", message: "must be in the future, or null" });
  return problems;
}

/**
 * The fields a new set would loosen, which only support may do: an amount raised or removed, or a
 * self-exclusion in force shortened or ended. Lowering an amount, setting one that was unset, and
 * starting or extending self-exclusion tighten.
 */
export function loosenedFields(current: LimitValues, next: LimitValues, now: Date): LimitField[] {
  const amounts = AMOUNT_LIMITS.filter((field) => {
    const was = current[field];
    const will = next[field];
    return was !== null && (will === null || will.greaterThan(was));
  });
  const excluded = excludedUntil(current, now);
  const until = next.self_excluded_until;
  const shortened = excluded !== null && (until === null || until.getTime() < excluded.getTime());
  return shortened ? [...amounts, "self_excluded_until"] : amounts;
}

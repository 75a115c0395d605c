import { AMOUNT_LIMITS, type AmountLimit } from "@/lib/errors";
import { INTL_TAG } from "@/lib/i18n/format";
import type { I18n } from "@/lib/i18n/i18n";
import { minorUnits } from "@/lib/money/currencies";
import { Decimal } from "@/lib/money/decimal";
import { acceptDecimalComma, displayAmount } from "@/lib/money/display";
import type { LimitSetWire, PlayerLimits } from "@/lib/players/limits-contract";
import { LimitsInput, limitProblems, limitValuesOf, loosenedFields, type LimitValues } from "@/lib/shared/player-limits";

// The Limits page's checks, before anything is sent: the server's own rules (lib/shared/player-limits.ts),
// each refusal in the player's words. The server decides again.

export type AmountTexts = Record<AmountLimit, string>;

const HOUR_MS = 3_600_000;
/** How long a player may exclude themselves for, from the page. */
export const EXCLUSION_LENGTHS = { day: 24 * HOUR_MS, week: 7 * 24 * HOUR_MS, month: 30 * 24 * HOUR_MS, halfYear: 182 * 24 * HOUR_MS, year: 365 * 24 * HOUR_MS } as const;
export type ExclusionLength = keyof typeof EXCLUSION_LENGTHS;

/** The amounts as the form first shows them: the limits set, as the API writes them; blank for none. */
export const amountTexts = (limits: LimitSetWire): AmountTexts => Object.fromEntries(AMOUNT_LIMITS.map((l) => [l, limits[l] ?? ""])) as AmountTexts;

/** The whole set to send: the amounts as typed (blank for none, a decimal comma read as a point), the rest as it stands. */
export function setWith(limits: LimitSetWire, texts: AmountTexts): LimitSetWire {
  const typed = Object.fromEntries(AMOUNT_LIMITS.map((l) => [l, acceptDecimalComma(texts[l]) || null]));
  return { ...limits, ...typed };
}

/** The smallest amount of the currency, as the player's language writes it: "0.01", "1". */
export const smallestText = (currency: string, i18n: I18n) =>
  displayAmount(new Decimal(10).pow(-minorUnits(currency)).toFixed(minorUnits(currency)), currency, INTL_TAG[i18n.locale]);

const valuesOf = (set: LimitSetWire): LimitValues | undefined => {
  const parsed = LimitsInput.safeParse(set);
  return parsed.success ? limitValuesOf(parsed.data) : undefined;
};

/**
 * What the form says beside each field it cannot send: an amount that is not one, or a change only
 * support may make. Empty when the set may be sent.
 */
export function formProblems(next: LimitSetWire, current: PlayerLimits, i18n: I18n, now: Date): Record<string, string> {
  const words = i18n.t.limits.problems;
  const amount = words.amount(smallestText(current.currency, i18n), minorUnits(current.currency));
  const parsed = LimitsInput.safeParse(next);
  if (!parsed.success) return Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? "form"), amount]));
  const was = valuesOf(current.limits)!;
  const values = limitValuesOf(parsed.data);
  const problems: Record<string, string> = Object.fromEntries(limitProblems(values, { current: was, currency: current.currency, now }).map((p) => [p.path, amount]));
  for (const field of loosenedFields(was, values, now)) problems[field] ??= words.loosen;
  return problems;
}

/** When a self-exclusion of this length, started now, would end; undefined when it ends before the one in force. */
export function exclusionEnd(length: ExclusionLength, current: PlayerLimits, now: Date): Date | undefined {
  const end = new Date(now.getTime() + EXCLUSION_LENGTHS[length]);
  const until = current.limits.self_excluded_until;
  return until !== null && Date.parse(until) > end.getTime() ? undefined : end;
}

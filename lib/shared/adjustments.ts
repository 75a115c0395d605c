import type { Decimal, DecimalValue } from "@/lib/money/decimal";

// The two rules of balance adjustments that the console shows before the server applies them: which
// amounts wait for a second person, and who counts as the same person. Both runtimes: the server
// decides with them (lib/admin/adjustment-rules.ts), the console's form and approvals list say so
// beforehand.

/** How far back the adjustments one person applied at once to one player are added up. */
export const APPROVAL_WINDOW_HOURS = 24;

/**
 * Whether an adjustment waits for approval: its size, either way, is more than
 * ADJUSTMENT_APPROVAL_ABOVE, or so is the sum, signed, of it and those the same person applied at once
 * to the same player in the last APPROVAL_WINDOW_HOURS (`appliedAlready`). So a large amount split
 * into small ones waits once the parts add up past the threshold, while a correction that takes back
 * what was given does not. Exactly at the threshold applies at once; with no threshold, all do.
 */
export const needsApproval = (amount: Decimal, approvalAbove: string | undefined, appliedAlready: DecimalValue = 0): boolean =>
  approvalAbove !== undefined && (amount.abs().greaterThan(approvalAbove) || amount.plus(appliedAlready).abs().greaterThan(approvalAbove));

/** A person as adjustments record them: an operator by id; the owner (ADMIN_TOKEN) has none. */
export interface Person {
  operatorId: string | null;
  name: string;
}

/**
 * Whether two people are one: operators by id, whichever of their tokens or sessions they used; the
 * owner, who has no operator id, by name.
 */
export const samePerson = (a: Person, b: Person): boolean => (a.operatorId === null && b.operatorId === null ? a.name === b.name : a.operatorId === b.operatorId);

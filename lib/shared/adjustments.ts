import type { Decimal } from "@/lib/money/decimal";

// The two rules of balance adjustments that the console shows before the server applies them: which
// amounts wait for a second person, and who counts as the same person. Both runtimes: the server
// decides with them (lib/admin/adjustment-rules.ts), the console's form and approvals list say so
// beforehand.

/**
 * Whether an adjustment waits for approval: its size, either way, is more than
 * ADJUSTMENT_APPROVAL_ABOVE. One exactly at the threshold applies at once; with no threshold, all do.
 */
export const needsApproval = (amount: Decimal, approvalAbove: string | undefined): boolean => approvalAbove !== undefined && amount.abs().greaterThan(approvalAbove);

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

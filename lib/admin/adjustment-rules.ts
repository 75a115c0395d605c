import type { AdjustmentStatus } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { amountProblem } from "@/lib/money/amount";
import type { Decimal } from "@/lib/money/decimal";
import { samePerson, type Person } from "@/lib/shared/adjustments";

// The rules of balance adjustments, apart from the database: which wait for a second person, who may
// decide them, and what makes an amount wrong for a currency. The first two are shared with the
// console, which says them before anything is sent (lib/shared/adjustments.ts).

export { APPROVAL_WINDOW_HOURS, needsApproval, samePerson, type Person } from "@/lib/shared/adjustments";

/** Why an amount is wrong in the player's currency (more decimal places than it has), or undefined. */
export const adjustmentAmountProblem = (amount: Decimal, currency: string): string | undefined => amountProblem(amount.abs(), currency, { min: 0 });

export interface Decidable {
  id: string;
  status: AdjustmentStatus;
  requestedBy: string;
  requestedByOperatorId: string | null;
  decidedBy: string | null;
}

/**
 * Why `decider` may not approve or reject the adjustment, or undefined. An adjustment is decided
 * once. Approving needs a second person: not the one who asked for it. Rejecting does not: whoever
 * asked may withdraw their own request.
 */
export function decisionRefusal(adjustment: Decidable, decider: Person, decision: "approve" | "reject"): AppError | undefined {
  if (adjustment.status !== "pending") {
    const by = adjustment.decidedBy ?? adjustment.requestedBy;
    return new AppError("adjustment_decided", `Adjustment ${adjustment.id} is ${adjustment.status} already (by ${by}): an adjustment is decided once.`);
  }
  if (decision === "approve" && samePerson({ operatorId: adjustment.requestedByOperatorId, name: adjustment.requestedBy }, decider)) {
    return new AppError("second_person_required", `You asked for adjustment ${adjustment.id}: someone else with the finance role (or an admin) must approve it.`);
  }
  return undefined;
}

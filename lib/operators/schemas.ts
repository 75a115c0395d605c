import { z } from "zod";
import { OPERATOR_ROLES } from "@/db/schema/operators";
import { displayText, plainText } from "@/lib/validation/fields";

// The team's inputs: operators, their tokens, TOTP.

/** Names the audit log gives those who are not operators (lib/admin/audit.ts): no operator may take one. */
const NOT_OPERATORS = ["owner", "player", "unknown"];

// POST /v1/admin/operators
export const CreateOperatorInput = z.strictObject({
  username: displayText(50)
    .refine((s) => /^[\p{L}\p{N}._-]+$/u.test(s), "must be letters, digits, dots, dashes or underscores")
    .refine((s) => !NOT_OPERATORS.includes(s.toLowerCase()), `must not be ${NOT_OPERATORS.join(", ")}: the audit log names others so`),
  password: z.string("must be text").min(12, "must be at least 12 characters").max(500, "must be at most 500 characters"),
  role: z.enum(OPERATOR_ROLES, `must be one of ${OPERATOR_ROLES.join(", ")}`),
});
export type CreateOperatorInput = z.output<typeof CreateOperatorInput>;

export const OperatorIdParams = z.object({ operator_id: z.string() });
export const OperatorTokenParams = z.object({ operator_id: z.string(), token_id: z.string() });

// POST /v1/admin/operators/{operator_id}/tokens
export const CreateOperatorTokenInput = z.strictObject({ label: displayText(50) });

// POST /v1/admin/operators/{operator_id}/disable
export const DisableOperatorInput = z.strictObject({ reason: plainText(500).optional() });

// POST /v1/admin/me/totp/confirm
export const TotpCodeInput = z.strictObject({
  code: z.string("must be the 6 digits your authenticator app shows").regex(/^\d{6}$/, "must be the 6 digits your authenticator app shows"),
});

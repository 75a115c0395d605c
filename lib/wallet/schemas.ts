import { z } from "zod";
import { amountProblem, PLAIN_DECIMAL } from "@/lib/money/amount";
import { Decimal } from "@/lib/money/decimal";
import { currencyCode } from "@/lib/validation/fields";

// The platform's callback bodies. Fields the specification does not list are ignored, so that a
// platform adding a field does not break payments; every listed field is checked strictly.

const CONTROL = /\p{Cc}/u;
const reference = z
  .string({ error: (i) => (i.input === undefined ? "is required" : "must be a string") })
  .min(1, "must not be empty")
  .max(255, "must be at most 255 characters")
  .refine((s) => !CONTROL.test(s), "must not contain control characters");

/** Money as the wallet receives it: a decimal string only ("10.50"); never a JSON number. */
const amountText = z
  .string({ error: (i) => (i.input === undefined ? "is required" : 'must be a decimal string such as "10.50"') })
  .max(30, "must be at most 30 characters")
  .regex(PLAIN_DECIMAL, 'must be a non-negative decimal string such as "10.50", without sign, exponent, spaces or separators')
  .transform((s) => new Decimal(s));

const timestamp = z
  .number({ error: (i) => (i.input === undefined ? "is required" : "must be a number") })
  .int("must be a whole number")
  .min(0, "must not be negative")
  .max(Number.MAX_SAFE_INTEGER, "is too large");

const base = {
  request_id: reference,
  timestamp,
  session_id: reference,
  player_id: reference,
  game_code: reference,
  transfer_id: reference,
  round_id: reference,
  amount: amountText,
  currency: currencyCode,
  reason: reference,
};

/** Every amount field must fit the currency's minor units and the ledger's columns. */
function checkAmounts(fields: Partial<Record<"amount" | "deduction" | "jackpot_wins", unknown>>, currency: string, ctx: z.RefinementCtx) {
  for (const [path, value] of Object.entries(fields)) {
    if (!(value instanceof Decimal)) continue;
    const problem = amountProblem(value, currency, { min: 0 });
    if (problem) ctx.addIssue({ code: "custom", path: [path], message: problem });
  }
}

export const CreditRequest = z
  .object({
    ...base,
    round_completed: z.boolean({ error: (i) => (i.input === undefined ? "is required" : "must be true or false") }),
    gift_spin: z.record(z.string(), z.unknown(), "must be an object").optional(),
    jackpot_wins: z.union([amountText, z.record(z.string(), z.unknown())], "must be a decimal string or an object").optional(),
    deduction: amountText.optional(),
  })
  .superRefine((c, ctx) => checkAmounts({ amount: c.amount, deduction: c.deduction, jackpot_wins: c.jackpot_wins }, c.currency, ctx));
export type CreditRequest = z.output<typeof CreditRequest>;

export const RefundRequest = z
  .object({ ...base, reference_id: reference })
  .superRefine((r, ctx) => checkAmounts({ amount: r.amount }, r.currency, ctx));
export type RefundRequest = z.output<typeof RefundRequest>;

import { z } from "zod";
import { amountProblem, PLAIN_DECIMAL } from "@/lib/money/amount";
import { Decimal } from "@/lib/money/decimal";
import { MAX_PAGE } from "@/lib/pagination";
import { currencyCode, wholeNumber } from "@/lib/validation/fields";

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

// The specification types it as a number: seconds with a fraction (as time.time() gives them) pass.
const timestamp = z.number({ error: (i) => (i.input === undefined ? "is required" : "must be a number") }).min(0, "must not be negative");

/** An optional field: JSON null means absent, as many serializers send an absent field. */
const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? undefined);

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
    gift_spin: optional(z.record(z.string(), z.unknown(), "must be an object")),
    jackpot_wins: optional(z.union([amountText, z.record(z.string(), z.unknown())], "must be a decimal string or an object")),
    deduction: optional(amountText),
  })
  .superRefine((c, ctx) => checkAmounts({ amount: c.amount, deduction: c.deduction, jackpot_wins: c.jackpot_wins }, c.currency, ctx));
export type CreditRequest = z.output<typeof CreditRequest>;

export const RefundRequest = z
  .object({ ...base, reference_id: reference })
  .superRefine((r, ctx) => checkAmounts({ amount: r.amount }, r.currency, ctx));
export type RefundRequest = z.output<typeof RefundRequest>;

/** Bets in one answer of POST /wallet/bets: a round with many bets is read page by page. */
export const BETS_PAGE_SIZE = { default: 100, max: 500 } as const;

/** POST /wallet/bets: which round's bets the platform asks for, and which page. Other fields are ignored, as in the callbacks. */
export const BetsRequest = z.object({
  round_id: reference,
  page: wholeNumber(1, MAX_PAGE).default(1),
  limit: wholeNumber(1, BETS_PAGE_SIZE.max).default(BETS_PAGE_SIZE.default),
});
export type BetsRequest = z.output<typeof BetsRequest>;

/** POST /wallet/events: where to read from (the `next` of the last page, or null for the start) and how many. */
export const EventsRequest = z.object({
  after: z
    .union([z.string().regex(/^\d{1,18}$/, "must be the `next` of an earlier answer"), z.null()], { error: "must be the `next` of an earlier answer, or null" })
    .default(null),
  limit: z.number({ error: "must be a whole number from 1 to 500" }).int("must be a whole number from 1 to 500").min(1, "must be at least 1").max(500, "must be at most 500").default(100),
});
export type EventsRequest = z.output<typeof EventsRequest>;

/** POST /wallet/session: the `{session_id}` a game was launched with. */
export const SessionRequest = z.object({ session_id: reference });
export type SessionRequest = z.output<typeof SessionRequest>;

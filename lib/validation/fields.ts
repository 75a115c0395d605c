import { Decimal } from "@/lib/money/decimal";
import { z } from "zod";
import { AMOUNT_CEILING, fitsMoneyColumn, PLAIN_DECIMAL, SIGNED_DECIMAL } from "@/lib/money/amount";

// In the browser, no compiled validators: zod's test for them is a `new Function` that the pages'
// Content-Security-Policy forbids and reports. The server keeps them, for speed.
if (typeof window !== "undefined") z.config({ jitless: true });

// Field builders shared by the API and the browser forms, so both validate with one definition.
// Messages read after the field's name: "name must be 1 to 50 characters".

const typed = (expected: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? "is required" : `must be ${expected}`),
});

// Control characters (NUL among them) are refused: PostgreSQL rejects NUL in text, and none belongs in a name.
const CONTROL = /\p{Cc}/u;

/** Free text such as a room or player name: trimmed, 1 to `max` characters (code points), no control characters. */
export const displayText = (max: number) =>
  z
    .string(typed("a string"))
    .trim()
    .refine((s) => [...s].length >= 1 && [...s].length <= max, `must be 1 to ${max} characters`)
    .refine((s) => !CONTROL.test(s), "must not contain control characters");

/** Text with no control character (NUL among them): for free-form input that is not a display name. */
export const plainText = (max: number) =>
  z
    .string(typed("a string"))
    .max(max, `must be at most ${max} characters`)
    .refine((s) => !CONTROL.test(s), "must not contain control characters");

/**
 * A currency code: 1 to 10 ASCII letters or digits, upper-cased ("usd" is USD). ASCII is checked
 * before upper-casing: Unicode upper-casing maps "ſ" to "S", and "uſd" must not become USD.
 * Every currency the service reads (rooms, players, wallet calls, list filters) goes through this.
 */
export const currencyCode = z
  .string(typed("a string"))
  .trim()
  .regex(/^[A-Za-z0-9]{1,10}$/, "must be 1 to 10 letters or digits (A to Z, 0 to 9)")
  .toUpperCase();

/**
 * A money amount given as a JSON number (as the spec types it) or as a decimal string.
 * A number is read through its shortest decimal form, so 0.1 is exactly 0.1; range and decimal places
 * are checked against the currency by the schema that knows it.
 */
export const moneyInput = z
  .union([z.number(), z.string()], typed("a number or a decimal string"))
  .superRefine((value, ctx) => {
    const ok = typeof value === "number" ? Number.isFinite(value) && value >= 0 : PLAIN_DECIMAL.test(value);
    // Not continuable: the transform below and the schema's range checks must not see a bad value.
    if (!ok) ctx.addIssue({ code: "custom", message: "must be a non-negative decimal number such as 10.50", continue: false });
  })
  .transform((value) => new Decimal(value));

/**
 * A signed money amount as a decimal string, such as "25.00" or "-10.50": for what may give or take
 * (an operator's adjustment). Never zero, and within a money column either way; its decimal places
 * are checked against the currency by the code that knows it.
 */
export const signedMoneyInput = z
  .string(typed("a decimal string such as 25.00 or -10.50"))
  .max(40, "must be at most 40 characters")
  .regex(SIGNED_DECIMAL, "must be a decimal string such as 25.00 or -10.50")
  .transform((value) => new Decimal(value))
  .refine((amount) => !amount.isZero(), "must not be 0: give an amount to add, or a negative one to take")
  .refine((amount) => fitsMoneyColumn(amount.abs()), `must be more than -${AMOUNT_CEILING.toFixed()} and less than ${AMOUNT_CEILING.toFixed()}`);

/** A whole number within bounds, from JSON. */
export const wholeNumber = (min: number, max: number) =>
  z
    .number(typed("a whole number"))
    .int(`must be a whole number from ${min} to ${max}`)
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

/** A boolean, from JSON. */
export const flag = z.boolean(typed("true or false"));

/** One of a few numbers, from JSON. */
export const oneOf = <const T extends readonly [number, ...number[]]>(values: T) =>
  z
    .number(typed(`one of ${values.join(", ")}`))
    .refine((n): n is T[number] => values.includes(n), `must be one of ${values.join(", ")}`);

// Query strings carry text only: these read numbers from it strictly ("1.5", "abc" and "1e3" are not pages).

/** A whole number from a query string. */
export const queryWholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/** A non-negative decimal from a query string. */
export const queryDecimal = z
  .string()
  .max(30, "must be at most 30 characters")
  .regex(PLAIN_DECIMAL, "must be a non-negative decimal number such as 10.50")
  .transform((s) => new Decimal(s));

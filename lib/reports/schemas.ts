import { z } from "zod";
import { currencyCode } from "@/lib/validation/fields";
import { dayOf, daysFrom } from "./days";

/** The longest range one report or export covers: a year, leap day included. */
export const MAX_REPORT_DAYS = 366;

/** A UTC calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). */
const day = z
  .string("must be a date written YYYY-MM-DD")
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date written YYYY-MM-DD")
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && dayOf(Date.parse(`${d}T00:00:00Z`)) === d, "must be a real calendar date");

/** from and to, both included: in order, within a year, and not after today (UTC), whose sums are not known yet. */
const range = { from: day, to: day, currency: currencyCode.optional() };
type Range = { from: string; to: string };
const checkRange = (r: Range, ctx: z.RefinementCtx) => {
  if (r.from > r.to) ctx.addIssue({ code: "custom", path: ["from"], message: "must not be after to" });
  else if (daysFrom(r.from, r.to) >= MAX_REPORT_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: `must be within ${MAX_REPORT_DAYS} days of from` });
  const today = dayOf(Date.now());
  if (r.to > today) ctx.addIssue({ code: "custom", path: ["to"], message: `must not be after today (${today}, UTC)` });
};

// GET /v1/admin/reports/daily
export const DailyReportQuery = z.strictObject({ ...range, format: z.enum(["json", "csv"], "must be json or csv").default("json") }).superRefine(checkRange);

// GET /v1/admin/reports/ledger
export const LedgerExportQuery = z.strictObject(range).superRefine(checkRange);

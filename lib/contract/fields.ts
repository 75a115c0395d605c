import { z } from "zod";

// Fields many answers share. One instance each: the OpenAPI document inlines them identically.

export const moneyText = z.string().meta({ description: "A decimal amount in the currency's minor units, e.g. \"12.50\"", example: "12.50" });
export const instant = z.string().meta({ description: "ISO 8601 date and time, UTC", example: "2026-11-22T08:00:00.000Z" });

/** The paging fields of a list answer. */
export const pageFields = {
  total: z.number().int().meta({ description: "Exact number of records matching the filters" }),
  page: z.number().int(),
  limit: z.number().int(),
  total_pages: z.number().int(),
};

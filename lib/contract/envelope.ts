import { z } from "zod";
import { LIMIT_NAMES } from "@/lib/errors";
import { httpStatusOf } from "./statuses";

/** `{type: "success", status, data}` around a resource. */
export const success = <T extends z.ZodType>(data: T) => z.object({ type: z.literal("success"), status: z.number().int(), data });

/** With `limit_reached`: the player's limit that refused the bet, and its figures. */
export const LimitReachedDetail = z
  .object({
    name: z.enum(LIMIT_NAMES),
    amount: z.string().nullable().meta({ description: "The limit; null for self-exclusion" }),
    used: z.string().nullable().meta({ description: "What counts against it over its rolling window: bets (daily bet limit) or net loss (loss limits, negative when the player is ahead); null for self-exclusion" }),
    bet: z.string().meta({ description: "The bet refused" }),
    currency: z.string(),
    frees_at: z.string().nullable().meta({ description: "When this bet would fit, as counted rows leave the window, or when self-exclusion ends; null when the bet alone is more than the limit" }),
  })
  .meta({ id: "LimitReached" });

export const ErrorEnvelope = z
  .object({
    type: z.literal("error"),
    status: z.number().int(),
    code: z.enum(Object.keys(httpStatusOf) as [keyof typeof httpStatusOf, ...(keyof typeof httpStatusOf)[]]),
    message: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    limit: LimitReachedDetail.optional(),
  })
  .meta({ id: "Error", description: "The one shape of every error answer of the /v1 API" });

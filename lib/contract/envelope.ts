import { z } from "zod";
import { httpStatusOf } from "./statuses";

/** `{type: "success", status, data}` around a resource. */
export const success = <T extends z.ZodType>(data: T) => z.object({ type: z.literal("success"), status: z.number().int(), data });

export const ErrorEnvelope = z
  .object({
    type: z.literal("error"),
    status: z.number().int(),
    code: z.enum(Object.keys(httpStatusOf) as [keyof typeof httpStatusOf, ...(keyof typeof httpStatusOf)[]]),
    message: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: "Error", description: "The one shape of every error answer of the /v1 API" });

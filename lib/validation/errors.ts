import type { z } from "zod";
import { AppError, type FieldError } from "@/lib/errors";

/** Zod's issues as the API's field errors: one per problem, unknown keys named one by one. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.flatMap((issue) => {
    const where = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({ path: where ? `${where}.${key}` : key, message: "is not a known field" }));
    }
    if (!where && issue.code === "invalid_type") return [{ path: "", message: "must be a JSON object" }];
    return [{ path: where, message: issue.message }];
  });
}

/** A validation failure whose message lists the problems, readable on its own in a terminal. */
export function validationError(error: z.ZodError, what: string): AppError {
  const errors = fieldErrors(error);
  const summary = errors.map((e) => (e.path ? `${e.path} ${e.message}` : e.message)).join("; ");
  return new AppError("validation_failed", `Invalid ${what}: ${summary}`, errors);
}

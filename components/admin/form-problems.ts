import { ApiError } from "@/lib/client/api";

export interface FormProblems {
  /** Each named field's problem, in the server's words after the field's label: "Password must be at least 12 characters". */
  fields: Record<string, string>;
  /** What is left for the form as a whole: the server's message when no field of the form is named. */
  form?: string;
}

/** The server's refusal of a console form, split between the fields it names (by label) and the form. */
export function formProblems(error: unknown, labels: Record<string, string>): FormProblems {
  if (!(error instanceof ApiError)) return { fields: {}, form: error === null || error === undefined ? undefined : (error as Error).message };
  const named = error.errors.filter((e) => Object.hasOwn(labels, e.path));
  const fields = Object.fromEntries(named.map((e) => [e.path, `${labels[e.path]} ${e.message}`]));
  return { fields, form: named.length === error.errors.length && named.length > 0 ? undefined : error.message };
}

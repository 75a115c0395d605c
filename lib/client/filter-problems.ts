import type { FieldError } from "@/lib/errors";

// A console filter the server refused (400, its `errors` naming the query parameters): each problem
// shown beside the field a person typed it in, in the words of the form, not the API's.

/** A field of a filter form: its name, its label, and the query parameters it stands for (its name by default). */
export interface FilterField {
  name: string;
  label: string;
  params?: string[];
}

export interface FilterProblems {
  /** By the form's field name: what is wrong with it. */
  byField: Record<string, string>;
  /** Problems with no field of the form (a page number in the address, a parameter it does not show). */
  other: string[];
}

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The refused parameters, each under its form field with the API's parameter names put in the form's labels. */
export function filterProblems(errors: readonly FieldError[], fields: readonly FilterField[]): FilterProblems {
  const paramsOf = (f: FilterField) => f.params ?? [f.name];
  const labelled = (message: string) =>
    fields.reduce((text, f) => paramsOf(f).reduce((t, p) => t.replace(new RegExp(`\\b${escaped(p)}\\b`, "g"), `“${f.label}”`), text), message);
  const byField: Record<string, string> = {};
  const other: string[] = [];
  for (const problem of errors) {
    const field = fields.find((f) => paramsOf(f).includes(problem.path));
    const message = labelled(problem.message);
    if (!field) other.push(`${labelled(problem.path)} ${message}`);
    else byField[field.name] = byField[field.name] ? `${byField[field.name]}; ${message}` : message;
  }
  return { byField, other };
}

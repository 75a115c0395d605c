import { AppError } from "@/lib/errors";

/**
 * A URL's query as a plain object. Empty values count as not given (an HTML form sends them);
 * a parameter given twice is refused rather than guessed at.
 */
export function readQuery(url: URL): Record<string, string> {
  const query: Record<string, string> = Object.create(null);
  for (const [key, value] of url.searchParams) {
    if (value === "") continue;
    if (Object.hasOwn(query, key)) {
      throw new AppError("validation_failed", `Invalid query: ${key} is given more than once`, [
        { path: key, message: "is given more than once" },
      ]);
    }
    query[key] = value;
  }
  return query;
}

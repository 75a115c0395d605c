import { AppError } from "@/lib/errors";
import { queryObject } from "@/lib/shared/query-string";

/** A URL's query as a plain object (lib/shared/query-string.ts); a parameter given twice is refused. */
export function readQuery(url: URL): Record<string, string> {
  const read = queryObject(url.searchParams);
  if ("query" in read) return read.query;
  throw new AppError("validation_failed", `Invalid query: ${read.repeated} is given more than once`, [{ path: read.repeated, message: "is given more than once" }]);
}

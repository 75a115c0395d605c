/**
 * A query string's parameters as a plain object. Empty values count as not given (an HTML form sends
 * them); a parameter given twice is named rather than guessed at.
 */
export function queryObject(params: URLSearchParams): { query: Record<string, string> } | { repeated: string } {
  const query: Record<string, string> = Object.create(null);
  for (const [key, value] of params) {
    if (value === "") continue;
    if (Object.hasOwn(query, key)) return { repeated: key };
    query[key] = value;
  }
  return { query };
}

/** The longest room list query a stream's hello reads (lib/live/greeting.ts); a longer one is left out. */
export const LONGEST_LIST_QUERY = 1000;

/** The PostgreSQL error code (SQLSTATE) behind an error from either driver, through Drizzle's wrapper. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = "23505";
/** statement_timeout (57014) or lock_timeout (55P03): the database gave up waiting. */
export const isDatabaseTimeout = (error: unknown) => ["57014", "55P03"].includes(pgErrorCode(error) ?? "");
// Driver, socket and name-lookup codes, and SQLSTATEs 57P01-57P03 and 53300 (too many connections), of a
// database that is gone, going, not yet back or full.
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "EAI_AGAIN",
  "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT",
  "57P01", "57P02", "57P03", "53300",
]);

/**
 * The database cannot be reached, or the connection broke mid-request. Unlike a timeout, a change in
 * flight may have been committed just before the break: callers must not say that nothing changed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown; errors?: unknown[] } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === "string" && (UNAVAILABLE_CODES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code))) return true;
    // Node reports a refused connection to a name with several addresses as an AggregateError.
    if (Array.isArray(e.errors) && e.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === UNIQUE_VIOLATION;

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

/**
 * An error's own reason in one line: the innermost cause's message and code ("numeric field overflow
 * (22003)", "connect ECONNREFUSED 127.0.0.1:5432 (ECONNREFUSED)"), never a failed query's parameters.
 */
export function errorReason(error: unknown): string {
  let inner = error as { message?: unknown; code?: unknown; cause?: unknown; errors?: unknown[] } | undefined;
  while (inner?.cause) inner = inner.cause as typeof inner;
  // Node reports a refused connection to a name with several addresses as an AggregateError, message empty.
  if (inner && !inner.message && Array.isArray(inner.errors) && inner.errors.length > 0) return errorReason(inner.errors[0]);
  const message = typeof inner?.message === "string" && inner.message ? inner.message : String(inner);
  const code = typeof inner?.code === "string" && !message.includes(inner.code) ? ` (${inner.code})` : "";
  return `${message.split("\n")[0]}${code}`;
}

/**
 * An unexpected error for the log: its stack, but for a failed query only the SQL and the database's
 * reason. Drizzle's message lists every parameter (amounts, ids, stored answers): logs carry ids and
 * amounts of wallet decisions only (docs/operations.md, Logs).
 */
export function loggableError(error: unknown): string {
  const e = error as { query?: unknown; params?: unknown; cause?: { stack?: string } } | undefined;
  if (e && typeof e === "object" && typeof e.query === "string" && "params" in e) {
    return `Failed query (parameters left out): ${e.query}\nCaused by: ${e.cause?.stack ?? errorReason(error)}`;
  }
  return String((error as Error)?.stack ?? error);
}

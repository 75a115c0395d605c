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
export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === UNIQUE_VIOLATION;

import { and, eq, lt, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { authFailures } from "@/db/schema";
import type { ThrottleScope } from "./rules";

/**
 * Counts one failure in the address's window and returns the window's count, this one included: one
 * statement, atomic under concurrency, so instances sharing the database share the count.
 */
export async function addFailure(db: Executor, { scope, address, windowStart }: { scope: ThrottleScope; address: string; windowStart: Date }): Promise<number> {
  const [row] = await db
    .insert(authFailures)
    .values({ scope, address, windowStart, failures: 1 })
    .onConflictDoUpdate({ target: [authFailures.scope, authFailures.address, authFailures.windowStart], set: { failures: sql`${authFailures.failures} + 1` } })
    .returning({ failures: authFailures.failures });
  return row!.failures;
}

/** Removes the scope's counters of windows that have ended. */
export async function purgeEndedWindows(db: Executor, { scope, before }: { scope: ThrottleScope; before: Date }): Promise<void> {
  await db.delete(authFailures).where(and(eq(authFailures.scope, scope), lt(authFailures.windowStart, before)));
}

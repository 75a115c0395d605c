import { and, eq, lt, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { authFailures } from "@/db/schema";
import type { ThrottleScope } from "@/lib/config/throttle-limits";

/**
 * Counts one failure of the address and returns its window: the count, this one included, and when
 * the window began. A failure after the window has ended opens a new one. One statement, atomic under
 * concurrency, so instances sharing the database share the count.
 */
export async function addFailure(
  db: Executor,
  { scope, address, now, windowSeconds }: { scope: ThrottleScope; address: string; now: Date; windowSeconds: number },
): Promise<{ failures: number; windowStart: Date }> {
  const ended = sql`${authFailures.windowStart} <= ${new Date(now.getTime() - windowSeconds * 1000).toISOString()}::timestamptz`;
  const [row] = await db
    .insert(authFailures)
    .values({ scope, address, windowStart: now, failures: 1 })
    .onConflictDoUpdate({
      target: [authFailures.scope, authFailures.address],
      set: {
        windowStart: sql`case when ${ended} then excluded.window_start else ${authFailures.windowStart} end`,
        failures: sql`case when ${ended} then 1 else ${authFailures.failures} + 1 end`,
      },
    })
    .returning({ failures: authFailures.failures, windowStart: authFailures.windowStart });
  return row!;
}

/** Removes the scope's counters whose window began before `before`: ended ones. */
export async function purgeEndedWindows(db: Executor, { scope, before }: { scope: ThrottleScope; before: Date }): Promise<void> {
  await db.delete(authFailures).where(and(eq(authFailures.scope, scope), lt(authFailures.windowStart, before)));
}

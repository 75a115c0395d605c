import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { config } from "@/lib/env";
import { inReportLane } from "@/lib/runtime/report-lane";
import { keepClosedDays } from "./closed-days";

/**
 * How a report runs: in the instance's report lane (one at a time), its queries in one transaction
 * without parallel workers, so that a report takes at most one of the database's cores and the wallet
 * keeps the others.
 *
 * Closed days are kept first, outside that transaction, a day per commit (./closed-days.ts). Waiting
 * for the lane and summing days share one database timeout (DATABASE_TIMEOUT_MS): the request's
 * deadline is twice that (lib/http/route.ts), and the rest is the report's own. A report that runs
 * out of it is refused as busy (503 `overloaded`), never left to fail as a database outage; what it
 * summed is kept for the next.
 */
export function runReport<T>(db: Executor, work: (tx: Executor) => Promise<T>, signal?: AbortSignal): Promise<T> {
  const budgetMs = config().databaseTimeoutMs;
  const by = Date.now() + budgetMs;
  return inReportLane(
    async () => {
      await keepClosedDays(db, { by, signal });
      return db.transaction(async (tx) => {
        await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
        return work(tx);
      });
    },
    signal,
    budgetMs,
  );
}

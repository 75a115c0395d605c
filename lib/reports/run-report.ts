import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { inReportLane } from "@/lib/server/report-lane";

/**
 * How a report runs: in the instance's report lane (one at a time), its queries in
 * one transaction without parallel workers, so that a report takes at most one of the database's
 * cores and the wallet keeps the others.
 */
export function runReport<T>(db: Executor, work: (tx: Executor) => Promise<T>, signal?: AbortSignal): Promise<T> {
  return inReportLane(
    () =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
        return work(tx);
      }),
    signal,
  );
}

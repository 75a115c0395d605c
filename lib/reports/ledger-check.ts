import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { findInconsistencies } from "@/db/consistency";
import { recordLedgerCheck } from "@/lib/observability/metrics";
import { inReportLane } from "@/lib/runtime/report-lane";

/**
 * GET /v1/admin/ledger/check data: every check of db/consistency.ts, asked of the live database in one
 * read-only REPEATABLE READ snapshot, so that money moving meanwhile is seen whole or not at all,
 * never half (a balance without its row). It runs in the report lane, one at a time and without
 * parallel workers, as a report does: the checks read whole tables. The result is also kept for the
 * metrics (lobby_ledger_problems).
 */
export async function checkLedger(db: Executor, signal?: AbortSignal): Promise<{ ok: boolean; problems: string[] }> {
  const problems = await inReportLane(
    () =>
      db.transaction(
        async (tx) => {
          await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
          return findInconsistencies(tx, { oneAtATime: true });
        },
        { isolationLevel: "repeatable read", accessMode: "read only" },
      ),
    signal,
  );
  recordLedgerCheck(problems.length);
  return { ok: problems.length === 0, problems };
}

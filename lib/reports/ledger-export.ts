import { and, asc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "@/db/client";
import { ledgerEntries } from "@/db/schema";
import { csvLine } from "@/lib/csv";
import { formatMoney } from "@/lib/money/amount";
import { log } from "@/lib/observability/log";
import { addDays } from "./days";
import type { LedgerExportQuery } from "./schemas";

// GET /v1/admin/reports/ledger: every movement of a range of UTC days as CSV, in the order written,
// with the platform's reference of each (transfer_id) beside ours (casino_transfer_id): what finance
// matches line by line against the platform's own export. Streamed a batch at a time, so a month of a
// busy ledger neither waits nor sits in memory.

export const LEDGER_EXPORT_COLUMNS = ["time", "transfer_id", "casino_transfer_id", "kind", "cause", "from_account", "to_account", "amount", "currency", "player_id", "round_id", "reference_id", "reason"] as const;

/** Rows per query: small enough that formatting a batch gives the event loop back within milliseconds. */
const BATCH = 1_000;
const startOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** The columns the file needs: the stored answers and the platform's extras stay in the database. */
const exported = {
  seq: ledgerEntries.seq,
  createdAt: ledgerEntries.createdAt,
  transferId: ledgerEntries.transferId,
  id: ledgerEntries.id,
  kind: ledgerEntries.kind,
  cause: ledgerEntries.cause,
  fromAccount: ledgerEntries.fromAccount,
  toAccount: ledgerEntries.toAccount,
  amount: ledgerEntries.amount,
  currency: ledgerEntries.currency,
  playerId: ledgerEntries.playerId,
  roundId: ledgerEntries.roundId,
  referenceId: ledgerEntries.referenceId,
  reason: ledgerEntries.reason,
  at: sql<string>`${ledgerEntries.createdAt}::text`,
};

/** The export as a stream; `done` is called once when it ends, fails or is cancelled. */
export function ledgerExport(db: Executor, { from, to, currency }: z.output<typeof LedgerExportQuery>, requestId: string, done: () => void = () => {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const inRange = and(gte(ledgerEntries.createdAt, startOf(from)), lt(ledgerEntries.createdAt, startOf(addDays(to, 1))), currency ? eq(ledgerEntries.currency, currency) : undefined);
  // The last row sent: its stamp as the database wrote it (microseconds; a Date keeps milliseconds).
  let after: { at: string; seq: number } | undefined;
  let headerSent = false;

  return new ReadableStream({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvLine(LEDGER_EXPORT_COLUMNS)));
        return;
      }
      try {
        // Keyset paging on the time index: each batch starts where the last one ended.
        const next: SQL | undefined = after && sql`(${ledgerEntries.createdAt}, ${ledgerEntries.seq}) > (${after.at}::timestamptz, ${after.seq})`;
        const rows = await db
          .select(exported)
          .from(ledgerEntries)
          .where(and(inRange, next))
          .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.seq))
          .limit(BATCH);
        const text = rows
          .map((e) => csvLine([e.createdAt.toISOString(), e.transferId, e.id, e.kind, e.cause, e.fromAccount, e.toAccount, formatMoney(e.amount, e.currency), e.currency, e.playerId ?? "", e.roundId ?? "", e.referenceId ?? "", e.reason]))
          .join("");
        if (text) controller.enqueue(encoder.encode(text));
        const last = rows.at(-1);
        if (rows.length < BATCH || !last) {
          controller.close();
          done();
        } else after = { at: last.at, seq: last.seq };
      } catch (error) {
        // The status line is sent: the download is broken off, and the file ends without its last line.
        log("error", "ledger export failed", { request_id: requestId, error: String(error) });
        controller.error(error);
        done();
      }
    },
    cancel: done,
  });
}

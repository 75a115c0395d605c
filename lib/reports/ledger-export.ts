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
// busy ledger neither waits nor sits in memory (on PostgreSQL; see `readAhead`).

export const LEDGER_EXPORT_COLUMNS = ["time", "transfer_id", "casino_transfer_id", "kind", "cause", "from_account", "to_account", "amount", "currency", "player_id", "round_id", "reference_id", "reason"] as const;

/** Longest the export waits for its reader to take a page: as long as the report lane is held (LANE_HELD_AT_MOST_MS, lib/runtime/report-lane.ts). */
const READER_WAITED_AT_MOST_MS = 120_000;
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

export interface LedgerExportOptions {
  /**
   * Reads every page at once instead of one as the reader takes the last: on the embedded database,
   * whose one connection a transaction holds, a slow reader must not hold the wallet up; the pages
   * wait in memory instead.
   */
  readAhead?: boolean;
  /** Called once when the export ends, fails or is cancelled. */
  done?: () => void;
}

/**
 * The export as a stream. Every page is read in one REPEATABLE READ, read-only transaction: one
 * snapshot of the ledger, so a row committed while the file is being sent is wholly out of it, never
 * skipped behind the page being read nor half in (a transaction's rows share a stamp). On
 * PostgreSQL the transaction waits for the reader between pages, holding one of the lobby's
 * connections and the report lane until the last line is sent or the download is broken off.
 */
export function ledgerExport(db: Executor, { from, to, currency }: z.output<typeof LedgerExportQuery>, requestId: string, { readAhead = false, done = () => {} }: LedgerExportOptions = {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const inRange = and(gte(ledgerEntries.createdAt, startOf(from)), lt(ledgerEntries.createdAt, startOf(addDays(to, 1))), currency ? eq(ledgerEntries.currency, currency) : undefined);
  let cancelled = false;
  let wake = () => {};
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    done();
  };

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(csvLine(LEDGER_EXPORT_COLUMNS)));
        /**
         * Until the reader wants more (the stream holds one chunk ahead) or is gone. A reader that
         * neither reads nor goes away is let go when the report lane is, so the snapshot and its
         * connection are not held for ever.
         */
        const wanted = async () => {
          while (!readAhead && !cancelled && (controller.desiredSize ?? 0) <= 0) {
            let timer: ReturnType<typeof setTimeout> | undefined;
            const stalled = await new Promise<boolean>((resolve) => {
              wake = () => resolve(false);
              timer = setTimeout(() => resolve(true), READER_WAITED_AT_MOST_MS);
            });
            clearTimeout(timer);
            if (stalled) throw new Error(`the reader took nothing for ${READER_WAITED_AT_MOST_MS / 1000} s`);
          }
        };
        const send = async (tx: Executor) => {
          // The last row sent: its stamp as the database wrote it (microseconds; a Date keeps milliseconds).
          let after: { at: string; seq: number } | undefined;
          for (;;) {
            await wanted();
            if (cancelled) return;
            // Keyset paging on the time index: each batch starts where the last one ended.
            const next: SQL | undefined = after && sql`(${ledgerEntries.createdAt}, ${ledgerEntries.seq}) > (${after.at}::timestamptz, ${after.seq})`;
            const rows = await tx.select(exported).from(ledgerEntries).where(and(inRange, next)).orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.seq)).limit(BATCH);
            const text = rows
              .map((e) => csvLine([e.createdAt.toISOString(), e.transferId, e.id, e.kind, e.cause, e.fromAccount, e.toAccount, formatMoney(e.amount, e.currency), e.currency, e.playerId ?? "", e.roundId ?? "", e.referenceId ?? "", e.reason]))
              .join("");
            if (text && !cancelled) controller.enqueue(encoder.encode(text));
            const last = rows.at(-1);
            if (rows.length < BATCH || !last) return;
            after = { at: last.at, seq: last.seq };
          }
        };
        // Not awaited: the stream is answered now, and filled as the transaction reads.
        db.transaction(send, { isolationLevel: "repeatable read", accessMode: "read only" }).then(
          () => {
            if (!cancelled) controller.close();
            finish();
          },
          (error: unknown) => {
            // The status line is sent: the download is broken off, and the file ends without its last line.
            log("error", "ledger export failed", { request_id: requestId, error: String(error) });
            if (!cancelled) controller.error(error);
            finish();
          },
        );
      },
      pull: () => wake(),
      cancel: () => {
        cancelled = true;
        wake();
      },
    },
    { highWaterMark: 1 },
  );
}

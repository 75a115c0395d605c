import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { prepared } from "@/db/prepared";
import { ledgerEntries, refundAttempts } from "@/db/schema";

const creditByTransferId = prepared((db) =>
  db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, "credit"), eq(ledgerEntries.transferId, sql.placeholder("transferId"))))
    .prepare("credit_by_transfer_id"),
);

/** Every credit asks this first, outside its transaction, to answer a repeat at once. */
export async function findCreditByTransferId(db: Executor, transferId: string) {
  const [row] = await creditByTransferId(db).execute({ transferId });
  return row;
}

export async function findDebitByTransferId(db: Executor, transferId: string) {
  const [row] = await db.select().from(ledgerEntries).where(and(eq(ledgerEntries.kind, "debit"), eq(ledgerEntries.transferId, transferId)));
  return row;
}

export async function findRefundByReferenceId(db: Executor, referenceId: string) {
  const [row] = await db.select().from(ledgerEntries).where(and(eq(ledgerEntries.kind, "refund"), eq(ledgerEntries.referenceId, referenceId)));
  return row;
}

export async function findRefundOf(db: Executor, debitEntryId: string) {
  const [row] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.refundsEntryId, debitEntryId));
  return row;
}

export async function recordRefundAttempt(db: Executor, attempt: typeof refundAttempts.$inferInsert) {
  await db.insert(refundAttempts).values(attempt);
}

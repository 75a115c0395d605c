import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { prepared } from "@/db/prepared";
import { ledgerEntries, players, refundAttempts, rooms } from "@/db/schema";

const creditByTransferId = prepared((db) =>
  db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, "credit"), eq(ledgerEntries.transferId, sql.placeholder("transferId"))))
    .prepare("credit_by_transfer_id"),
);

/** The credit's repeat check, under the player's lock. */
export async function findCreditByTransferId(db: Executor, transferId: string) {
  const [row] = await creditByTransferId(db).execute({ transferId });
  return row;
}

// One row whatever exists: each side of it is null when it finds nothing.
const creditAndPlayer = prepared((db) =>
  db
    .select({ earlier: ledgerEntries, player: players, roomId: rooms.id })
    .from(sql`(select) as one`)
    .leftJoin(ledgerEntries, and(eq(ledgerEntries.kind, "credit"), eq(ledgerEntries.transferId, sql.placeholder("transferId"))))
    .leftJoin(players, eq(players.id, sql.placeholder("playerId")))
    .leftJoin(rooms, eq(rooms.id, sql.placeholder("roundId")))
    .prepare("credit_and_player"),
);

/**
 * What every credit asks first, in one round trip and without a lock: the credit already registered
 * under its transfer_id, if any, the player's row as it is now, and whether the round is a lobby room's.
 */
export async function findCreditAndPlayer(db: Executor, { transferId, playerId, roundId }: { transferId: string; playerId: string; roundId: string }) {
  const [row] = await creditAndPlayer(db).execute({ transferId, playerId, roundId });
  return { earlier: row?.earlier ?? undefined, player: row?.player ?? undefined, isRoomRound: row?.roomId != null };
}

/** What a refund's reference_id registered and the answer it was given, from either place it can be kept; `rank` orders them. */
const transferFacts = (t: typeof ledgerEntries | typeof refundAttempts, rank: number) =>
  ({ transferId: t.transferId, playerId: t.playerId, amount: t.amount, currency: t.currency, roundId: t.roundId, response: t.response, rank: sql<number>`${sql.raw(String(rank))}`.as("rank") }) as const;

const registeredUnderReference = prepared((db) =>
  db
    .select(transferFacts(ledgerEntries, 0))
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, "refund"), eq(ledgerEntries.referenceId, sql.placeholder("referenceId"))))
    .unionAll(
      db
        .select(transferFacts(refundAttempts, 1))
        .from(refundAttempts)
        .where(and(eq(refundAttempts.referenceId, sql.placeholder("referenceId")), eq(refundAttempts.statusCode, "OK"))),
    )
    .orderBy(sql`rank`)
    .limit(1)
    .prepare("registered_under_reference"),
);

/**
 * What a refund's reference_id registered before, in one round trip: its refund, or else its kept
 * attempt that was answered OK (a bet that was back already). Each place holds at most one per
 * reference (unique indexes).
 */
export async function findRegisteredUnder(db: Executor, referenceId: string) {
  const [row] = await registeredUnderReference(db).execute({ referenceId });
  return row;
}

export async function recordRefundAttempt(db: Executor, attempt: typeof refundAttempts.$inferInsert) {
  await db.insert(refundAttempts).values(attempt);
}

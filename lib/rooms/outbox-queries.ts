import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { ledgerEntries, platformEvents, players, roomSeats } from "@/db/schema";
import { ofRound } from "@/lib/ledger/queries";
import type { PlatformEvent, RoomStarted } from "./events";

// What the outbox's writers (./outbox.ts) read and write, in the room change's own transaction.

/** A room's seats in the order they were taken, with each seat's bet as the ledger holds it. */
export function findSeatsWithBets(tx: Executor, roomId: string) {
  return tx
    .select({ playerId: roomSeats.playerId, username: players.username, joinedAt: roomSeats.joinedAt, betTransferId: roomSeats.betTransferId, amount: ledgerEntries.amount, currency: ledgerEntries.currency })
    .from(roomSeats)
    .innerJoin(players, eq(players.id, roomSeats.playerId))
    .leftJoin(ledgerEntries, and(eq(ledgerEntries.kind, "debit"), eq(ledgerEntries.transferId, roomSeats.betTransferId)))
    .where(eq(roomSeats.roomId, roomId))
    .orderBy(asc(roomSeats.joinedAt), asc(roomSeats.playerId));
}

/** Every refund of a round, oldest first, with whom it went to. */
export function findRefundsOfRound(tx: Executor, roundId: string) {
  return tx
    .select({ playerId: players.id, username: players.username, betTransferId: ledgerEntries.transferId, amount: ledgerEntries.amount, currency: ledgerEntries.currency, reason: ledgerEntries.reason })
    .from(ledgerEntries)
    .innerJoin(players, eq(players.id, ledgerEntries.playerId))
    .where(ofRound(roundId, "refund"))
    .orderBy(asc(ledgerEntries.seq));
}

export async function insertEvent(tx: Executor, event: PlatformEvent): Promise<void> {
  await tx.insert(platformEvents).values({ eventId: event.event_id, roomId: event.round_id, type: event.type, body: JSON.stringify(event), occurredAt: new Date(event.occurred_at) });
}

/** The room's room.started event as sent, if it started. */
export async function findStartOf(db: Executor, roomId: string): Promise<RoomStarted | undefined> {
  const [row] = await db
    .select({ body: platformEvents.body })
    .from(platformEvents)
    .where(and(eq(platformEvents.roomId, roomId), eq(platformEvents.type, "room.started")))
    .orderBy(asc(platformEvents.id))
    .limit(1);
  return row ? (JSON.parse(row.body) as RoomStarted) : undefined;
}

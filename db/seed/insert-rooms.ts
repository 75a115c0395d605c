// Ids as lib/ids.ts makes them (random UUIDs); db/ imports nothing from lib/.
import { randomUUID as newId } from "node:crypto";
import Decimal from "decimal.js";
import type { Executor } from "@/db/client";
import { ledgerEntries, players, rooms, roomSeats } from "@/db/schema";

export type NewPlayer = typeof players.$inferInsert;
export type NewRoom = typeof rooms.$inferInsert & { id: string; seats: { playerId: string; joinedAt?: Date }[] };

const BATCH = 1000;

function* batches<T>(items: T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += BATCH) yield items.slice(i, i + BATCH);
}

/** Inserts players in multi-row batches, each opening balance with its deposit in the ledger. */
export async function insertPlayers(db: Executor, rows: NewPlayer[]): Promise<void> {
  for (const batch of batches(rows)) {
    await db.transaction(async (tx) => {
      await tx.insert(players).values(batch.map((p) => ({ ...p, bonusBalance: "0" })));
      const deposits = batch
        .filter((p) => p.realBalance && !new Decimal(p.realBalance).isZero())
        .map((p) => ({
          id: newId(),
          kind: "deposit" as const,
          playerId: p.id,
          amount: p.realBalance!,
          realAmount: p.realBalance!,
          bonusAmount: "0",
          currency: p.currency,
          transferId: newId(),
          cause: "deposit",
          // The accounts as lib/ledger/accounts.ts names them.
          fromAccount: "operator",
          toAccount: `player:${p.id}`,
          reason: "opening_balance",
          realBalanceAfter: p.realBalance!,
          bonusBalanceAfter: "0",
        }));
      if (deposits.length > 0) await tx.insert(ledgerEntries).values(deposits);
    });
  }
}

/** Inserts rooms and their seats in multi-row batches; each room's current_players is its number of seats. */
export async function insertRooms(db: Executor, rows: NewRoom[]): Promise<void> {
  for (const batch of batches(rows)) {
    await db.transaction(async (tx) => {
      await tx.insert(rooms).values(batch.map(({ seats, ...room }) => ({ ...room, currentPlayers: seats.length })));
      const seats = batch.flatMap((room) =>
        room.seats.map((seat) => ({ roomId: room.id, playerId: seat.playerId, joinedAt: seat.joinedAt ?? room.createdAt })),
      );
      for (const seatBatch of batches(seats)) await tx.insert(roomSeats).values(seatBatch);
    });
  }
}

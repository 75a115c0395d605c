import type { Executor } from "@/db/client";
import { players, rooms, roomSeats } from "@/db/schema";

export type NewPlayer = typeof players.$inferInsert;
export type NewRoom = typeof rooms.$inferInsert & { id: string; seats: { playerId: string; joinedAt?: Date }[] };

const BATCH = 1000;

function* batches<T>(items: T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += BATCH) yield items.slice(i, i + BATCH);
}

/** Inserts players in multi-row batches. */
export async function insertPlayers(db: Executor, rows: NewPlayer[]): Promise<void> {
  for (const batch of batches(rows)) await db.insert(players).values(batch);
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

import { and, eq, gt, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "@/db/client";
import { gameSessions, players, roomSeats, rooms } from "@/db/schema";
import { readByDeadline } from "@/lib/deadline";
import { totalBalance } from "@/lib/ledger/balance";
import { findStartOf } from "@/lib/rooms/outbox-queries";
import { refusal } from "@/lib/wallet/status-codes";
import type { SessionAnswer } from "./contract";

// A game session (lib/rooms/game-session.ts hands them out), as the platform resolves it.

/**
 * POST /wallet/session: who the session belongs to, their balance, the round and their seat; the
 * session lives another `sessionSeconds`. Unknown and expired sessions are refused alike.
 */
export async function resolveSession(db: Executor, { sessionId, sessionSeconds, deadlineMs }: { sessionId: string; sessionSeconds: number; deadlineMs: number }): Promise<z.input<typeof SessionAnswer>> {
  const deadlineAt = Date.now() + deadlineMs;
  const [session] = await readByDeadline(
    db
      .update(gameSessions)
      .set({ expiresAt: sql`now() + ${sessionSeconds} * interval '1 second'` })
      .where(and(eq(gameSessions.id, sessionId), gt(gameSessions.expiresAt, sql`now()`)))
      .returning(),
    deadlineAt,
  );
  if (!session) return refusal("ERR_SESSION_NOT_FOUND", "No such game session, or it has expired; the player opens the table again from the lobby.");
  const [player] = await readByDeadline(db.select().from(players).where(eq(players.id, session.playerId)), deadlineAt);
  const [held] = await readByDeadline(db.select({ playerId: roomSeats.playerId }).from(roomSeats).where(and(eq(roomSeats.roomId, session.roomId), eq(roomSeats.playerId, session.playerId))), deadlineAt);
  // The seat's number as room.started told the platform: it keeps it when another seat is freed.
  const started = held ? await readByDeadline(findStartOf(db, session.roomId), deadlineAt) : undefined;
  const seat = started?.seats.find((s) => s.player_id === session.playerId)?.seat ?? 0;
  const [room] = await readByDeadline(db.select({ status: rooms.status }).from(rooms).where(eq(rooms.id, session.roomId)), deadlineAt);
  return {
    status_code: "OK",
    message: seat > 0 ? `Session of ${player!.username} at seat ${seat} of a ${room!.status} room.` : `Session of ${player!.username}, who no longer has a seat in this ${room!.status} room.`,
    player_id: player!.id,
    username: player!.username,
    currency: player!.currency,
    balance: totalBalance(player!),
    round_id: session.roomId,
    seat: seat > 0 ? seat : undefined,
  };
}

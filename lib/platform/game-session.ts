import { randomBytes } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { gameSessions, players, roomSeats, rooms } from "@/db/schema";
import { totalBalance } from "@/lib/players/present";
import { readByDeadline } from "@/lib/deadline";
import { findStartOf } from "./queries";
import { refusal, type WalletAnswer } from "@/lib/wallet/status-codes";

// Game sessions: the `{session_id}` a seated player of a playing room is sent to the table with, and
// what the platform learns from it with POST /wallet/session.

/** The table's address for a session: the template's placeholders filled in, each encoded. */
export function gameUrl(template: string, { roomId, sessionId }: { roomId: string; sessionId: string }): string {
  return template.replaceAll("{room_id}", encodeURIComponent(roomId)).replaceAll("{session_id}", encodeURIComponent(sessionId));
}

/** Where players go to play: GAME_LAUNCH_URL, else the demo table on this app's origin when it is on, else nowhere. */
export function launchTemplate(platform: { gameLaunchUrl: string | undefined; demoTable: boolean }, origin: string): string | undefined {
  return platform.gameLaunchUrl ?? (platform.demoTable ? `${origin}/table?room={room_id}&session={session_id}` : undefined);
}

/**
 * A session for the player at the room's table: one with at least half its time left is handed out
 * again, so reading a room often makes no new rows; otherwise a fresh one, unguessable (32 random
 * bytes), that expires after `sessionSeconds` unused.
 */
export async function sessionFor(db: Executor, { playerId, roomId, sessionSeconds, now = new Date() }: { playerId: string; roomId: string; sessionSeconds: number; now?: Date }): Promise<string> {
  const halfLeft = new Date(now.getTime() + (sessionSeconds * 1000) / 2);
  const [current] = await db
    .select({ id: gameSessions.id })
    .from(gameSessions)
    .where(and(eq(gameSessions.playerId, playerId), eq(gameSessions.roomId, roomId), gt(gameSessions.expiresAt, halfLeft)))
    .limit(1);
  if (current) return current.id;
  const id = randomBytes(32).toString("base64url");
  await db.insert(gameSessions).values({ id, playerId, roomId, expiresAt: new Date(now.getTime() + sessionSeconds * 1000) });
  return id;
}

/**
 * POST /wallet/session: who the session belongs to, their balance, the round and their seat; the
 * session lives another `sessionSeconds`. Unknown and expired sessions are refused alike.
 */
export async function resolveSession(db: Executor, { sessionId, sessionSeconds, deadlineMs }: { sessionId: string; sessionSeconds: number; deadlineMs: number }): Promise<WalletAnswer> {
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

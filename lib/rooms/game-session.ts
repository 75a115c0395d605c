import { randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { gameSessions } from "@/db/schema";

// Game sessions: the `{session_id}` a seated player of a playing room is sent to the table with.
// What the platform learns from one with POST /wallet/session is lib/platform/resolve-session.ts.

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

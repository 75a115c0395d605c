import type { Executor } from "@/db/client";
import type { PlayerRow } from "@/db/schema";
import type { Config } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { isWellFormedId } from "@/lib/ids";
import { gameUrl, launchTemplate, sessionFor } from "./game-session";
import { toRoomResource } from "./present";
import { findRoomById, findSeatsOf } from "./queries";

/**
 * One room with its seated players, or a 404. A seated player of a playing room also gets `game_url`:
 * the table, with a game session of their own (./game-session.ts); nobody else does.
 */
export async function getRoom(db: Executor, { roomId, origin, player, platform }: { roomId: string; origin: string; player: PlayerRow; platform: Config["platform"] }) {
  const room = isWellFormedId(roomId) ? await findRoomById(db, roomId) : undefined;
  if (!room) throw new AppError("room_not_found", `No room has the id "${roomId}".`);
  const seats = await findSeatsOf(db, [room.id]);
  const resource = toRoomResource(room, seats, origin);
  const template = launchTemplate(platform, origin);
  if (!template || room.status !== "playing" || !seats.some((s) => s.playerId === player.id)) return resource;
  const sessionId = await sessionFor(db, { playerId: player.id, roomId: room.id, sessionSeconds: platform.sessionSeconds });
  return { ...resource, game_url: gameUrl(template, { roomId: room.id, sessionId }) };
}

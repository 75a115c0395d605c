import type { Executor } from "@/db/client";
import { AppError } from "@/lib/errors";
import { isWellFormedId } from "@/lib/ids";
import { toRoomResource } from "./present";
import { findRoomById, findSeatsOf } from "./queries";

/** One room with its seated players, or a 404. */
export async function getRoom(db: Executor, { roomId, origin }: { roomId: string; origin: string }) {
  const room = isWellFormedId(roomId) ? await findRoomById(db, roomId) : undefined;
  if (!room) throw new AppError("room_not_found", `No room has the id "${roomId}".`);
  return toRoomResource(room, await findSeatsOf(db, [room.id]), origin);
}

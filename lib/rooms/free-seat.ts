import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { roomSeats, type RoomRow } from "@/db/schema";
import { saveRoomState } from "./queries";
import type { RoomState } from "./transitions";

/**
 * Carries out a leave that lib/rooms/transitions.ts allowed: the seat goes and the room takes its new
 * state (finished when empty). The player leaving, an admin removing them and a platform player_exit
 * refund all free seats here; saveRoomState's update is what announces the change live.
 */
export async function freeSeat(tx: Executor, { roomId, playerId, next }: { roomId: string; playerId: string; next: RoomState }): Promise<RoomRow & { xid: string }> {
  await tx.delete(roomSeats).where(and(eq(roomSeats.roomId, roomId), eq(roomSeats.playerId, playerId)));
  return saveRoomState(tx, roomId, next);
}

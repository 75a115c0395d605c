import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { players, rooms, type PlayerRow, type RoomRow } from "@/db/schema";

// The one lock order of every path that moves money, kept by code rather than by comments: a room (its
// round's pot) before any player, and players in ascending id. Two paths that lock in the same order
// never wait on each other in a circle, so a credit, a refund, a join, a leave and a closing cannot
// deadlock. Each lock below checks the order against what its transaction holds already, and a path
// that breaks it fails at once, in every test that runs it, instead of deadlocking one day in production.

/** The players a transaction has locked so far, and the highest of their ids. */
const held = new WeakMap<Executor, { players: Set<string>; lastPlayer: string }>();

export class LockOrderViolation extends Error {}

/** The room's row, locked until the transaction ends: every change of one room, and of its pot, queues here. */
export async function lockRoom(tx: Executor, id: string): Promise<RoomRow | undefined> {
  const holding = held.get(tx);
  if (holding) throw new LockOrderViolation(`Room ${id} locked after player ${holding.lastPlayer}: rooms come before players.`);
  const [row] = await tx.select().from(rooms).where(eq(rooms.id, id)).for("update");
  return row;
}

/** The player's row, locked until the transaction ends: every movement of one player's money queues here. */
export async function lockPlayer(tx: Executor, playerId: string): Promise<PlayerRow | undefined> {
  const holding = held.get(tx) ?? { players: new Set<string>(), lastPlayer: "" };
  // A player held already is locked again at no risk: the transaction waits for no one.
  if (!holding.players.has(playerId)) {
    if (playerId < holding.lastPlayer) throw new LockOrderViolation(`Player ${playerId} locked after player ${holding.lastPlayer}: players are locked in ascending id.`);
    holding.players.add(playerId);
    holding.lastPlayer = playerId;
    held.set(tx, holding);
  }
  const [row] = await tx.select().from(players).where(eq(players.id, playerId)).for("update");
  return row;
}

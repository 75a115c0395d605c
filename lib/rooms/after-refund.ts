import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { roomSeats, type LedgerEntryRow, type RoomRow } from "@/db/schema";
import { recordRoomEnded } from "./outbox";
import { findBetsOfRound } from "@/lib/ledger/queries";
import { freeSeat } from "./free-seat";
import { saveRoomState } from "./queries";
import { applyChange } from "./transitions";

/**
 * What a platform refund does to the room its bet paid for, in the refund's transaction, with the room
 * locked before the player. A player_exit refund of a seat's bet in a waiting room frees the seat, as
 * a leave does; once refunds have returned the bet of every seat, the room finishes. Both through the
 * transitions and saveRoomState, so they are announced live like the lobby's and the admin's changes.
 */
export async function applyRefundToRoom(tx: Executor, { room, bet, reason }: { room: RoomRow; bet: LedgerEntryRow; reason: string }): Promise<void> {
  let current = room;
  let seats = await tx.select().from(roomSeats).where(eq(roomSeats.roomId, room.id));
  const seat = seats.find((s) => s.betTransferId === bet.transferId);
  if (reason === "player_exit" && seat) {
    const left = applyChange(current, { kind: "leave", seated: true });
    if (left.ok) {
      current = await freeSeat(tx, { roomId: room.id, playerId: seat.playerId, next: left.next });
      seats = seats.filter((s) => s !== seat);
    }
  }
  if (current.status === "finished") return;
  const refunded = new Map((await findBetsOfRound(tx, room.id)).map((b) => [b.bet.transferId, b.refundId !== null]));
  const paid = seats.filter((s) => s.betTransferId !== null);
  if (paid.length === 0 || !paid.every((s) => refunded.get(s.betTransferId!))) return;
  const finished = applyChange(current, { kind: "bets_returned" });
  if (!finished.ok) return;
  await saveRoomState(tx, room.id, finished.next);
  // The platform knows only of rooms that started.
  if (current.status === "playing") await recordRoomEnded(tx, { roomId: room.id, reason: "bets_returned" });
}

import type { Executor } from "@/db/client";
import type { RoomRow } from "@/db/schema";
import { formatMoney } from "@/lib/money/amount";
import { roomEnded, roomStarted, seatFreed, type EndReason, type ReturnedBet } from "./events";
import { findRefundsOfRound, findSeatsWithBets, findStartOf, insertEvent } from "./outbox-queries";
import { toRoomResource } from "./present";

// The outbox's writers: each is called in the transaction of the room change it announces, so the
// event commits with the change or not at all (lib/platform/dispatcher.ts sends it after commit).

const returned = (r: Awaited<ReturnType<typeof findRefundsOfRound>>[number]): ReturnedBet => ({
  player_id: r.playerId,
  username: r.username,
  bet_transfer_id: r.betTransferId,
  amount: formatMoney(r.amount, r.currency),
  currency: r.currency,
  reason: r.reason,
});

/** The last seat was taken: the room as the API shows it, and each seat with its bet. */
export async function recordRoomStarted(tx: Executor, { room, origin }: { room: RoomRow; origin: string }): Promise<void> {
  const seats = await findSeatsWithBets(tx, room.id);
  const resource = toRoomResource(room, seats.map((s) => ({ roomId: room.id, playerId: s.playerId, username: s.username, joinedAt: s.joinedAt })), origin);
  await insertEvent(
    tx,
    roomStarted(room.id, new Date(), {
      room: resource,
      seats: seats.map((s, i) => ({ player_id: s.playerId, username: s.username, seat: i + 1, bet_transfer_id: s.betTransferId, amount: formatMoney(s.amount ?? "0", room.currency), currency: room.currency })),
    }),
  );
}

/**
 * A seat of a started room was freed by an admin; call before the seat is deleted. Its number is the
 * one room.started gave (as POST /wallet/session answers it): a seat keeps it when another is freed.
 */
export async function recordSeatFreed(tx: Executor, { roomId, playerId, refund }: { roomId: string; playerId: string; refund: { amount: string; reason: string } | undefined }): Promise<void> {
  const seat = (await findSeatsWithBets(tx, roomId)).find((s) => s.playerId === playerId)!;
  const started = await findStartOf(tx, roomId);
  await insertEvent(
    tx,
    seatFreed(roomId, new Date(), {
      player_id: playerId,
      username: seat.username,
      seat: started!.seats.find((s) => s.player_id === playerId)!.seat,
      reason: "admin_removal",
      refund: refund && seat.betTransferId ? { player_id: playerId, username: seat.username, bet_transfer_id: seat.betTransferId, amount: formatMoney(refund.amount, seat.currency!), currency: seat.currency!, reason: refund.reason } : null,
    }),
  );
}

/** A started room finished: why, and every bet of its round that came back. */
export async function recordRoomEnded(tx: Executor, { roomId, reason }: { roomId: string; reason: EndReason }): Promise<void> {
  const refunds = await findRefundsOfRound(tx, roomId);
  await insertEvent(tx, roomEnded(roomId, new Date(), { reason, refunds: refunds.map(returned) }));
}

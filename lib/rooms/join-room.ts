import type { Executor } from "@/db/client";
import { roomSeats, type PlayerRow } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { once, type KeyedRequest } from "@/lib/idempotency/once";
import { isWellFormedId } from "@/lib/ids";
import { Decimal } from "@/lib/money/decimal";
import { recordRoomStarted } from "./outbox";
import { debitBet } from "@/lib/ledger/debit-bet";
import { countBetsInRound } from "@/lib/ledger/queries";
import { toRoomResource } from "./present";
import { findSeat, findSeatsOf, saveRoomState } from "./queries";
import { lockRoom } from "@/lib/ledger/locks";
import { applyChange, JOINS_PER_ROOM } from "./transitions";

/**
 * POST /v1/rooms/{room_id}/join: seats the player and takes the room's bet, in one transaction. The
 * room's row lock makes racing joiners take turns, so a room never seats more than its limit; a
 * refused joiner's transaction rolls back before or with its debit, so their money stays.
 */
export async function joinRoom(db: Executor, { player, roomId, origin, keyed }: { player: PlayerRow; roomId: string; origin: string; keyed?: KeyedRequest }) {
  return db.transaction((tx) =>
    once(tx, keyed, async () => {
      // Room first, then the player (in debitBet): the order every room change takes its locks in.
      const room = isWellFormedId(roomId) ? await lockRoom(tx, roomId) : undefined;
      if (!room) throw new AppError("room_not_found", `No room has the id "${roomId}".`);
      const seated = (await findSeat(tx, room.id, player.id)) !== undefined;
      const joinedBefore = seated ? 0 : await countBetsInRound(tx, { roundId: room.id, playerId: player.id, atMost: JOINS_PER_ROOM });
      const outcome = applyChange(room, { kind: "join", seated, joinedBefore });
      if (!outcome.ok) throw new AppError(outcome.refusal, outcome.message);
      if (room.currency !== player.currency) {
        throw new AppError("currency_mismatch", `The room plays in ${room.currency} and your balance is in ${player.currency}.`);
      }
      const { transferId } = await debitBet(tx, { playerId: player.id, amount: new Decimal(room.betAmount), roomId: room.id });
      await tx.insert(roomSeats).values({ roomId: room.id, playerId: player.id, betTransferId: transferId });
      const saved = await saveRoomState(tx, room.id, outcome.next);
      if (saved.status === "playing") await recordRoomStarted(tx, { room: saved, origin });
      return { room: toRoomResource(saved, await findSeatsOf(tx, [room.id]), origin), xid: saved.xid };
    }),
  );
}

import type { Executor } from "@/db/client";
import { rooms, roomSeats, type PlayerRow } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { once, type KeyedRequest } from "@/lib/idempotency/once";
import { newId } from "@/lib/ids";
import { debitBet } from "@/lib/ledger/debit-bet";
import { toRoomResource } from "./present";
import { countOpenRoomsOf, roomWithXid } from "./queries";
import { mayOpenAnotherRoom, rakeProblem } from "./rules";
import type { CreateRoomInput } from "./schemas";

/**
 * Creates a waiting room, takes its creator's bet and seats them, in one transaction: all or nothing.
 * A player may sit in at most `maxOpenRooms` waiting rooms: each new room is broadcast to every lobby.
 * With the room comes the transaction's id, which the creator's next list read asks to see.
 * `rakePercentages`: the rakes the operator allows (ROOM_RAKE_PERCENTAGES); undefined allows any.
 */
export async function createRoom(
  db: Executor,
  {
    player,
    input,
    origin,
    maxOpenRooms,
    rakePercentages,
    keyed,
  }: { player: PlayerRow; input: CreateRoomInput; origin: string; maxOpenRooms: number; rakePercentages?: readonly number[]; keyed?: KeyedRequest },
) {
  // Refused as the body's own problems are: 400, naming the field, before anything is read or moved.
  const rake = rakeProblem(input.rake_percentage, rakePercentages);
  if (rake) throw new AppError("validation_failed", `Invalid body: rake_percentage ${rake}`, [{ path: "rake_percentage", message: rake }]);
  if (input.currency !== player.currency) {
    throw new AppError(
      "currency_mismatch",
      `The room's currency ${input.currency} differs from the player's currency ${player.currency}; a player bets in their own currency.`,
    );
  }
  return db.transaction((tx) =>
    once(tx, keyed, async () => {
      const roomId = newId();
      const { transferId } = await debitBet(tx, { playerId: player.id, amount: input.bet_amount, roomId });
      // Counted under the player's row lock, taken by the debit: concurrent creations queue, and the
      // refusal rolls the debit back.
      if (!mayOpenAnotherRoom(await countOpenRoomsOf(tx, player.id), maxOpenRooms)) {
        throw new AppError(
          "too_many_open_rooms",
          `You already sit in ${maxOpenRooms} waiting rooms, the most a player may; leave one or wait for one to start.`,
        );
      }
      const [room] = await tx
        .insert(rooms)
        .values({
          id: roomId,
          name: input.name,
          betAmount: input.bet_amount.toFixed(),
          currency: input.currency,
          playerLimit: input.player_limit,
          currentPlayers: 1,
          status: "waiting",
          isIncremental: input.is_incremental,
          rakePercentage: String(input.rake_percentage),
          timeBank: input.time_bank,
          turn: input.turn,
          createdBy: player.id,
        })
        .returning(roomWithXid);
      const [seat] = await tx.insert(roomSeats).values({ roomId, playerId: player.id, betTransferId: transferId }).returning();
      return { room: toRoomResource(room!, [{ ...seat!, username: player.username }], origin), xid: room!.xid };
    }),
  );
}

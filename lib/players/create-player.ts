import { Decimal } from "@/lib/money/decimal";
import type { Executor } from "@/db/client";
import { players, type PlayerRow } from "@/db/schema";
import { isUniqueViolation } from "@/db/errors";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { OPERATOR } from "@/lib/ledger/accounts";
import { recordMovement } from "@/lib/ledger/movements";
import { findPlayerById } from "@/lib/ledger/queries";
import { DEFAULT_AVATAR, type CreatePlayerInput } from "./schemas";

/**
 * Registers a player. An opening balance is paid in as a deposit in the ledger, in the same
 * transaction, so that the balance equals the ledger from the first moment. Usernames are unique.
 */
export async function createPlayer(db: Executor, input: CreatePlayerInput): Promise<PlayerRow> {
  const avatar = input.avatar ?? DEFAULT_AVATAR;
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(players)
        .values({ id: newId(), username: input.username, currency: input.currency, avatarName: avatar.name, avatarUrl: avatar.url })
        .returning();
      if (!input.balance || input.balance.isZero()) return created!;
      await recordMovement(tx, {
        player: created!,
        kind: "deposit",
        cause: "deposit",
        counterpart: OPERATOR,
        parts: { real: input.balance, bonus: new Decimal(0) },
        movement: { transferId: newId(), reason: "opening_balance" },
      });
      return (await findPlayerById(tx, created!.id))!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("username_taken", `The username "${input.username}" is taken.`);
    throw error;
  }
}

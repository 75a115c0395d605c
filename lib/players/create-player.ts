import { Decimal } from "@/lib/money/decimal";
import type { Executor } from "@/db/client";
import { players, type PlayerRow } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { DEFAULT_AVATAR, type CreatePlayerInput } from "./schemas";

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === "23505" || (error as { cause?: { code?: string } })?.cause?.code === "23505";

/** Registers a player with an opening real-money balance. Usernames are unique. */
export async function createPlayer(db: Executor, input: CreatePlayerInput): Promise<PlayerRow> {
  const avatar = input.avatar ?? DEFAULT_AVATAR;
  try {
    const [row] = await db
      .insert(players)
      .values({
        id: newId(),
        username: input.username,
        currency: input.currency,
        realBalance: (input.balance ?? new Decimal(0)).toFixed(),
        avatarName: avatar.name,
        avatarUrl: avatar.url,
      })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("username_taken", `The username "${input.username}" is taken.`);
    throw error;
  }
}

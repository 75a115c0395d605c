import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { launchTokens, players } from "@/db/schema";

export async function findPlayerById(db: Executor, id: string) {
  const [row] = await db.select().from(players).where(eq(players.id, id));
  return row;
}

/** The player a token hash belongs to, with the token's expiry. */
export async function findPlayerByTokenHash(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ player: players, expiresAt: launchTokens.expiresAt })
    .from(launchTokens)
    .innerJoin(players, eq(players.id, launchTokens.playerId))
    .where(eq(launchTokens.tokenHash, tokenHash));
  return row;
}

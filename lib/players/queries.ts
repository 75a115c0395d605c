import { eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { prepared } from "@/db/prepared";
import { launchTokens, players } from "@/db/schema";

const playerByTokenHash = prepared((db) =>
  db
    .select({ player: players, expiresAt: launchTokens.expiresAt })
    .from(launchTokens)
    .innerJoin(players, eq(players.id, launchTokens.playerId))
    .where(eq(launchTokens.tokenHash, sql.placeholder("tokenHash")))
    .prepare("player_by_token_hash"),
);

/** The player a token hash belongs to, with the token's expiry: every player request asks it. */
export async function findPlayerByTokenHash(db: Executor, tokenHash: string) {
  const [row] = await playerByTokenHash(db).execute({ tokenHash });
  return row;
}

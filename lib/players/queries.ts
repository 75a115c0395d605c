import { eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { prepared } from "@/db/prepared";
import { launchTokens, players } from "@/db/schema";

const playerById = prepared((db) =>
  db
    .select()
    .from(players)
    .where(eq(players.id, sql.placeholder("id")))
    .prepare("player_by_id"),
);

/** A player's row as it is now, unlocked: a fresh credit decides from it. */
export async function findPlayerById(db: Executor, id: string) {
  const [row] = await playerById(db).execute({ id });
  return row;
}

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

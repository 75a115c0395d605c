import { eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { coalesced } from "@/db/coalesced";
import { prepared } from "@/db/prepared";
import { launchTokens, players } from "@/db/schema";

const playersByTokenHashes = prepared((db) =>
  db
    .select({ tokenHash: launchTokens.tokenHash, player: players, expiresAt: launchTokens.expiresAt })
    .from(launchTokens)
    .innerJoin(players, eq(players.id, launchTokens.playerId))
    .where(sql`${launchTokens.tokenHash} = any(${sql.placeholder("tokenHashes")})`)
    .prepare("players_by_token_hashes"),
);

/** Every request of the moment that authenticates asks in one statement (db/coalesced.ts). */
const byTokenHash = coalesced(async (db, tokenHashes: string[]) => {
  const rows = await playersByTokenHashes(db).execute({ tokenHashes });
  return new Map(rows.map(({ tokenHash, ...found }) => [tokenHash, found]));
});

/** The player a token hash belongs to, with the token's expiry: every player request asks it. */
export async function findPlayerByTokenHash(db: Executor, tokenHash: string) {
  return (await byTokenHash(db, [tokenHash])).get(tokenHash);
}

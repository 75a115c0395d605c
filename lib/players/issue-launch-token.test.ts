import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchTokens } from "@/db/schema";
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from "@/tests/support/test-database";
import { authenticatePlayer } from "./authenticate";
import { createPlayer } from "./create-player";
import { EXPIRED_TOKENS_KEPT_DAYS, issueLaunchToken } from "./issue-launch-token";
import { newLaunchToken } from "./launch-token";

const DAY = 86_400_000;
const ORIGIN = "https://lobby.example.test";

describe.each(testDatabaseKinds)("%s: issuing a launch token", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(() => t?.close());

  const newPlayer = (username: string) => createPlayer(t.handle.db, { username, currency: "USD" });
  /** A token that expired `daysAgo` days before `now`, written as it stood then (issuing one now would prune). */
  const expiredAgo = async (playerId: string, now: Date, daysAgo: number) => {
    const { token, hash } = newLaunchToken();
    await t.handle.db.insert(launchTokens).values({ tokenHash: hash, playerId, expiresAt: new Date(now.getTime() - daysAgo * DAY) });
    return { token };
  };
  const tokensOf = async (playerId: string) => (await t.handle.db.select().from(launchTokens).where(eq(launchTokens.playerId, playerId))).length;

  it(`removes the player's tokens expired more than ${EXPIRED_TOKENS_KEPT_DAYS} days ago, and nobody else's`, async () => {
    const [player, other] = [await newPlayer("prune_a"), await newPlayer("prune_b")];
    const now = new Date();
    const longGone = await expiredAgo(player.id, now, EXPIRED_TOKENS_KEPT_DAYS + 20);
    const recentlyExpired = await expiredAgo(player.id, now, EXPIRED_TOKENS_KEPT_DAYS - 1);
    const othersLongGone = await expiredAgo(other.id, now, EXPIRED_TOKENS_KEPT_DAYS + 20);
    expect(await tokensOf(player.id)).toBe(2);

    const fresh = await issueLaunchToken(t.handle.db, { playerId: player.id, ttlSeconds: 3600, origin: ORIGIN, now });
    expect(await tokensOf(player.id)).toBe(2);
    // The long-expired address is unknown now; the recently expired one still says it expired.
    await expect(authenticatePlayer(t.handle.db, longGone.token, now)).rejects.toMatchObject({ code: "token_invalid" });
    await expect(authenticatePlayer(t.handle.db, recentlyExpired.token, now)).rejects.toMatchObject({ code: "token_expired" });
    await expect(authenticatePlayer(t.handle.db, fresh.token, now)).resolves.toMatchObject({ player: { id: player.id } });
    await expect(authenticatePlayer(t.handle.db, othersLongGone.token, now)).rejects.toMatchObject({ code: "token_expired" });
  });
});

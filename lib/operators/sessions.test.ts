import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorSessions } from "@/db/schema";
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from "@/tests/support/test-database";
import { ENDED_SESSIONS_KEPT_DAYS, findSession, startSession } from "./sessions";
import { secretHash } from "./secret-hash";

const DAY = 86_400_000;
const ADMIN_TOKEN = "sessions-test-admin-token";

describe.each(testDatabaseKinds)("%s: console sessions", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(() => t?.close());

  /** An owner's session that expired `daysAgo` days ago, written as it stood then. */
  const expiredAgo = async (daysAgo: number) => {
    const secret = `expired-${daysAgo}-${Math.random()}`;
    await t.handle.db.insert(operatorSessions).values({ secretHash: secretHash(secret), operatorId: null, ownerKey: "an earlier token's", expiresAt: new Date(Date.now() - daysAgo * DAY) });
    return secretHash(secret);
  };
  const kept = async () => new Set((await t.handle.db.select({ hash: operatorSessions.secretHash }).from(operatorSessions)).map((r) => r.hash));

  it(`removes sessions expired more than ${ENDED_SESSIONS_KEPT_DAYS} days ago at a sign-in, and keeps the rest`, async () => {
    const live = await startSession(t.handle.db, { operatorId: null, adminToken: ADMIN_TOKEN });
    const longGone = await expiredAgo(ENDED_SESSIONS_KEPT_DAYS + 1);
    const recent = await expiredAgo(ENDED_SESSIONS_KEPT_DAYS - 1);
    expect(await kept()).toEqual(new Set([secretHash(live.secret), longGone, recent]));

    const next = await startSession(t.handle.db, { operatorId: null, adminToken: ADMIN_TOKEN });
    expect(await kept()).toEqual(new Set([secretHash(live.secret), recent, secretHash(next.secret)]));
    expect(await findSession(t.handle.db, live.secret, ADMIN_TOKEN)).toMatchObject({ name: "owner", role: "admin" });
  });
});

import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { secretHash } from "./secret-hash";
import { operators, operatorSessions } from "@/db/schema";
import { OWNER, type Identity } from "./identity";

// Console sessions, kept in the database: the cookie holds a random secret, the table its SHA-256.
// Signing out, disabling the operator or (for the owner) changing ADMIN_TOKEN ends a session for good.

export const SESSION_SECONDS = 8 * 60 * 60;
/** Sessions past their expiry are kept this long (the audit log keeps every sign-in and sign-out), then removed at a sign-in. */
export const ENDED_SESSIONS_KEPT_DAYS = 7;

/** Ties an owner's session to the ADMIN_TOKEN it was opened with, without storing the token. */
const ownerKeyOf = (adminToken: string) => secretHash(`owner-session:${adminToken}`);

export async function startSession(db: Executor, { operatorId, adminToken, now = Date.now() }: { operatorId: string | null; adminToken: string; now?: number }) {
  const secret = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now + SESSION_SECONDS * 1000);
  // A team's table stays small: tidied at each sign-in, by a scan of a few rows.
  await db.delete(operatorSessions).where(lt(operatorSessions.expiresAt, new Date(now - ENDED_SESSIONS_KEPT_DAYS * 86_400_000)));
  await db.insert(operatorSessions).values({
    secretHash: secretHash(secret),
    operatorId,
    ownerKey: operatorId === null ? ownerKeyOf(adminToken) : null,
    expiresAt,
  });
  return { secret, expiresAt };
}

/** The identity of a live session, or undefined: one read by primary key. */
export async function findSession(db: Executor, secret: string | undefined, adminToken: string): Promise<Identity | undefined> {
  if (!secret || !/^[A-Za-z0-9_-]{43}$/.test(secret)) return undefined;
  const [row] = await db
    .select({ ownerKey: operatorSessions.ownerKey, operatorId: operators.id, username: operators.username, role: operators.role, disabledAt: operators.disabledAt })
    .from(operatorSessions)
    .leftJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.secretHash, secretHash(secret)), isNull(operatorSessions.endedAt), gt(operatorSessions.expiresAt, sql`now()`)));
  if (!row) return undefined;
  if (row.ownerKey !== null) return row.ownerKey === ownerKeyOf(adminToken) ? OWNER : undefined;
  if (row.operatorId === null || row.disabledAt !== null) return undefined;
  return { operatorId: row.operatorId, name: row.username!, role: row.role! };
}

/** Ends one session; true when it was live. */
export async function endSession(db: Executor, secret: string | undefined): Promise<boolean> {
  if (!secret) return false;
  const ended = await db
    .update(operatorSessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(operatorSessions.secretHash, secretHash(secret)), isNull(operatorSessions.endedAt)))
    .returning({ expiresAt: operatorSessions.expiresAt });
  return ended.length > 0;
}

export const endSessionsOf = (db: Executor, operatorId: string) =>
  db.update(operatorSessions).set({ endedAt: sql`now()` }).where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.endedAt)));

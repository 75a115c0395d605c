import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { secretHash } from "./secret-hash";
import { operators, operatorTokens } from "@/db/schema";
import { byToken, type Identity } from "./identity";

// Operators' API tokens, for their scripts: each carries its operator's role, is stored only as its
// SHA-256 and shown once. A token ends when revoked or when its operator is disabled.

const PREFIX = "lop_";
/** A token's public id: `tok_` and 12 hex digits. Anything else names no token, and is never sent to the database. */
const TOKEN_ID = /^tok_[0-9a-f]{12}$/;

export const looksLikeOperatorToken = (token: string) => token.startsWith(PREFIX);

export async function createOperatorToken(db: Executor, { operatorId, label }: { operatorId: string; label: string }) {
  const token = PREFIX + randomBytes(32).toString("base64url");
  const id = `tok_${randomBytes(6).toString("hex")}`;
  const [row] = await db.insert(operatorTokens).values({ tokenHash: secretHash(token), id, operatorId, label }).returning({ createdAt: operatorTokens.createdAt });
  return { id, token, label, createdAt: row!.createdAt };
}

/** An operator's tokens, newest first, revoked ones included: labels and dates, never a hash. */
export const tokensOf = (db: Executor, operatorId: string) =>
  db
    .select({ id: operatorTokens.id, label: operatorTokens.label, createdAt: operatorTokens.createdAt, revokedAt: operatorTokens.revokedAt })
    .from(operatorTokens)
    .where(eq(operatorTokens.operatorId, operatorId))
    .orderBy(desc(operatorTokens.createdAt), desc(operatorTokens.id));

/** The identity a token proves, or undefined: one read by primary key. */
export async function findOperatorToken(db: Executor, token: string): Promise<Identity | undefined> {
  const [row] = await db
    .select({ operatorId: operators.id, username: operators.username, role: operators.role, label: operatorTokens.label })
    .from(operatorTokens)
    .innerJoin(operators, eq(operators.id, operatorTokens.operatorId))
    .where(and(eq(operatorTokens.tokenHash, secretHash(token)), isNull(operatorTokens.revokedAt), isNull(operators.disabledAt)));
  return row && { operatorId: row.operatorId, name: byToken(row.username, row.label), role: row.role };
}

export const revokeTokensOf = (db: Executor, operatorId: string) =>
  db.update(operatorTokens).set({ revokedAt: sql`now()` }).where(and(eq(operatorTokens.operatorId, operatorId), isNull(operatorTokens.revokedAt)));

export async function revokeOperatorToken(db: Executor, { operatorId, tokenId }: { operatorId: string; tokenId: string }) {
  if (!TOKEN_ID.test(tokenId)) return false;
  const revoked = await db
    .update(operatorTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(operatorTokens.operatorId, operatorId), eq(operatorTokens.id, tokenId), isNull(operatorTokens.revokedAt)))
    .returning({ id: operatorTokens.id });
  return revoked.length > 0;
}

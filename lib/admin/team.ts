import { asc, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { isUniqueViolation } from "@/db/errors";
import { operators, type OperatorRow } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { isWellFormedId, newId } from "@/lib/ids";
import type { Identity } from "@/lib/operators/identity";
import { hashPassword } from "@/lib/operators/passwords";
import type { CreateOperatorInput } from "@/lib/operators/schemas";
import { endSessionsOf } from "@/lib/operators/sessions";
import { createOperatorToken, revokeOperatorToken, revokeTokensOf, tokensOf } from "@/lib/operators/tokens";
import { newTotpSecret, totpAddress, totpStep } from "@/lib/operators/totp";
import { recordAdminAction, type Actor } from "./audit";

// The team's use-cases: operators added and disabled, their tokens, each one's own TOTP. Each is an
// admin action with its audit row, in one transaction.

const toOperator = (o: OperatorRow) => ({
  id: o.id,
  username: o.username,
  role: o.role,
  totp: o.totpConfirmedAt !== null,
  disabled_at: o.disabledAt?.toISOString() ?? null,
  created_by: o.createdBy,
  created_at: o.createdAt.toISOString(),
});

const operatorNotFound = (id: string) => new AppError("operator_not_found", `No operator has the id "${id}".`);

async function findOperator(db: Executor, id: string): Promise<OperatorRow> {
  const [row] = isWellFormedId(id) ? await db.select().from(operators).where(eq(operators.id, id)) : [];
  if (!row) throw operatorNotFound(id);
  return row;
}

/** POST /v1/admin/operators. The password is hashed before the transaction: scrypt takes a while. */
export async function addOperator(db: Executor, { input, actor }: { input: CreateOperatorInput; actor: Actor }) {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(operators).values({ id: newId(), username: input.username, passwordHash, role: input.role, createdBy: actor.name }).returning();
      await recordAdminAction(tx, { actor, action: "create_operator", details: { operator_id: row!.id, username: row!.username, role: row!.role } });
      return toOperator(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("username_taken", `The name "${input.username}" is taken (names are compared in any case).`);
    throw error;
  }
}

export async function listOperators(db: Executor) {
  const rows = await db.select().from(operators).orderBy(asc(sql`lower(${operators.username})`));
  return { operators: rows.map(toOperator) };
}

/** POST /v1/admin/operators/{id}/disable: their sessions end and their tokens stop working, now. */
export function disableOperator(db: Executor, { operatorId, reason, actor }: { operatorId: string; reason?: string; actor: Actor }) {
  return db.transaction(async (tx) => {
    const operator = await findOperator(tx, operatorId);
    if (operator.id === actor.operatorId) throw new AppError("validation_failed", "You cannot disable yourself: ask another admin, or use ADMIN_TOKEN.");
    const [row] = await tx.update(operators).set({ disabledAt: operator.disabledAt ?? sql`now()` }).where(eq(operators.id, operator.id)).returning();
    await endSessionsOf(tx, operator.id);
    await revokeTokensOf(tx, operator.id);
    if (operator.disabledAt === null) await recordAdminAction(tx, { actor, action: "disable_operator", details: { operator_id: operator.id, username: operator.username, reason: reason ?? null } });
    return toOperator(row!);
  });
}

/** POST /v1/admin/operators/{id}/totp/reset: sign-in asks for no code until they set up an app again; their sessions end. */
export function resetOperatorTotp(db: Executor, { operatorId, reason, actor }: { operatorId: string; reason?: string; actor: Actor }) {
  return db.transaction(async (tx) => {
    const operator = await findOperator(tx, operatorId);
    if (operator.totpSecret === null) return toOperator(operator);
    const [row] = await tx.update(operators).set({ totpSecret: null, totpConfirmedAt: null, totpLastStep: null }).where(eq(operators.id, operator.id)).returning();
    await endSessionsOf(tx, operator.id);
    await recordAdminAction(tx, { actor, action: "reset_totp", details: { operator_id: operator.id, username: operator.username, reason: reason ?? null } });
    return toOperator(row!);
  });
}

/** POST /v1/admin/operators/{id}/tokens: the token is shown once; the audit row names its label only. */
export function giveOperatorToken(db: Executor, { operatorId, label, actor }: { operatorId: string; label: string; actor: Actor }) {
  return db.transaction(async (tx) => {
    const operator = await findOperator(tx, operatorId);
    if (operator.disabledAt !== null) throw new AppError("validation_failed", `${operator.username} is disabled: a token would not work.`);
    const token = await createOperatorToken(tx, { operatorId: operator.id, label });
    await recordAdminAction(tx, { actor, action: "create_operator_token", details: { operator_id: operator.id, username: operator.username, token_id: token.id, label } });
    return { id: token.id, label, token: token.token, created_at: token.createdAt.toISOString() };
  });
}

/** GET /v1/admin/operators/{id}/tokens: what the team page lists, to revoke one. */
export async function listOperatorTokens(db: Executor, operatorId: string) {
  const operator = await findOperator(db, operatorId);
  const rows = await tokensOf(db, operator.id);
  return { tokens: rows.map((t) => ({ id: t.id, label: t.label, created_at: t.createdAt.toISOString(), revoked_at: t.revokedAt?.toISOString() ?? null })) };
}

export function takeOperatorToken(db: Executor, { operatorId, tokenId, actor }: { operatorId: string; tokenId: string; actor: Actor }) {
  return db.transaction(async (tx) => {
    const operator = await findOperator(tx, operatorId);
    const revoked = await revokeOperatorToken(tx, { operatorId: operator.id, tokenId });
    if (revoked) await recordAdminAction(tx, { actor, action: "revoke_operator_token", details: { operator_id: operator.id, username: operator.username, token_id: tokenId } });
    return { revoked };
  });
}

export async function whoAmI(db: Executor, identity: Identity) {
  const totp = identity.operatorId === null ? false : (await findOperator(db, identity.operatorId)).totpConfirmedAt !== null;
  return { id: identity.operatorId, name: identity.name, role: identity.role, totp };
}

const ownerHasNoAccount = () => new AppError("validation_failed", "The owner (ADMIN_TOKEN) has no operator account to set up an authenticator for: sign in as an operator.");

/** POST /v1/admin/me/totp: a new secret, not yet asked for at sign-in. */
export async function startTotp(db: Executor, { identity, issuer }: { identity: Identity; issuer: string }) {
  if (identity.operatorId === null) throw ownerHasNoAccount();
  const operator = await findOperator(db, identity.operatorId);
  if (operator.totpConfirmedAt !== null) throw new AppError("validation_failed", "Your authenticator app is set up already.");
  const secret = newTotpSecret();
  await db.update(operators).set({ totpSecret: secret }).where(eq(operators.id, operator.id));
  return { secret, otpauth_url: totpAddress(secret, operator.username, issuer) };
}

/** POST /v1/admin/me/totp/confirm: the app's first code proves it holds the secret; sign-in asks for codes from now on. */
export function confirmTotp(db: Executor, { identity, code, actor, now = Date.now() }: { identity: Identity; code: string; actor: Actor; now?: number }) {
  if (identity.operatorId === null) throw ownerHasNoAccount();
  return db.transaction(async (tx) => {
    const operator = await findOperator(tx, identity.operatorId!);
    if (operator.totpConfirmedAt !== null) throw new AppError("validation_failed", "Your authenticator app is set up already.");
    if (operator.totpSecret === null) throw new AppError("validation_failed", "Set up a secret first: POST /v1/admin/me/totp.");
    const step = totpStep(operator.totpSecret, code, now);
    if (step === undefined) throw new AppError("validation_failed", "That is not the code your authenticator app shows now.");
    // Its code is taken: a sign-in needs a later one.
    await tx.update(operators).set({ totpConfirmedAt: sql`now()`, totpLastStep: step }).where(eq(operators.id, operator.id));
    await recordAdminAction(tx, { actor, action: "enable_totp", details: { operator_id: operator.id, username: operator.username } });
    return { id: operator.id, name: operator.username, role: operator.role, totp: true };
  });
}

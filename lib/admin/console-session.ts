import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { operators, type OperatorRow } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { OWNER, type Identity } from "@/lib/operators/identity";
import { passwordMatches, UNKNOWN_OPERATOR_HASH } from "@/lib/operators/passwords";
import { endSession, findSession, startSession } from "@/lib/operators/sessions";
import { totpStep } from "@/lib/operators/totp";
import { throttled } from "@/lib/throttle/guard";
import { recordAdminAction, type Actor } from "./audit";
import { secretsMatch } from "./authorize";
import type { SignInInput } from "./schemas";

// Signing in to the console and out of it: both are admin actions, in the audit log like the others.

class WrongSignIn extends AppError {
  constructor(message = "That name and password do not match an operator who may sign in.", field?: "code") {
    // `errors` names the code field when it is the code that is missing or wrong: the form asks for it.
    super("admin_unauthorized", message, field && [{ path: field, message }]);
  }
}

/** Who the credentials prove, or a WrongSignIn. An unknown name costs the same as a known one. */
async function whoSignsIn(db: Executor, input: SignInInput, adminToken: string, now: number): Promise<Identity> {
  if (input.token !== undefined) {
    if (secretsMatch(input.token, adminToken)) return OWNER;
    throw new WrongSignIn("That is not the admin token.");
  }
  const [operator] = await db.select().from(operators).where(sql`lower(${operators.username}) = lower(${input.username!})`);
  const matches = await passwordMatches(input.password!, operator?.passwordHash ?? UNKNOWN_OPERATOR_HASH);
  if (!operator || !matches || operator.disabledAt !== null) throw new WrongSignIn();
  if (operator.totpConfirmedAt !== null) {
    if (input.code === undefined) throw new WrongSignIn("Enter the 6-digit code from your authenticator app as well.", "code");
    await takeCode(db, operator, input.code, now);
  }
  return { operatorId: operator.id, name: operator.username, role: operator.role };
}

const CODE_TAKEN = "That code has been used already: enter the next one your authenticator app shows.";

/** Takes the code once: its step must be later than the last one taken, even by two sign-ins at the same moment. */
async function takeCode(db: Executor, operator: OperatorRow, code: string, now: number): Promise<void> {
  const step = totpStep(operator.totpSecret!, code, now, operator.totpLastStep);
  if (step === undefined) {
    const used = totpStep(operator.totpSecret!, code, now) !== undefined;
    throw new WrongSignIn(used ? CODE_TAKEN : "That code is not the one your authenticator app shows now.", "code");
  }
  const [taken] = await db
    .update(operators)
    .set({ totpLastStep: step })
    .where(and(eq(operators.id, operator.id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
    .returning({ id: operators.id });
  if (!taken) throw new WrongSignIn(CODE_TAKEN, "code");
}

/**
 * POST /v1/admin/session: checks the credentials under the sign-in throttle (stricter than the API's:
 * a person types them), then opens a session. A failure is audited too, with the name typed and
 * never the password.
 */
export async function signIn(db: Executor, { input, adminToken, actor, now = Date.now() }: { input: SignInInput; adminToken: string; actor: Actor; now?: number }) {
  const identity = await throttled(
    db,
    "admin_sign_in",
    actor.source,
    async () => {
      try {
        return await whoSignsIn(db, input, adminToken, now);
      } catch (error) {
        if (error instanceof WrongSignIn) {
          await recordAdminAction(db, { actor, action: "sign_in_failed", details: input.username === undefined ? { with: "admin token" } : { username: input.username } });
        }
        throw error;
      }
    },
    (error) => error instanceof WrongSignIn,
  );
  const session = await startSession(db, { operatorId: identity.operatorId, adminToken, now });
  await recordAdminAction(db, { actor: { ...actor, name: identity.name, operatorId: identity.operatorId }, action: "sign_in", details: { expires_at: session.expiresAt.toISOString() } });
  return { secret: session.secret, expiresAt: session.expiresAt.toISOString(), identity };
}

/**
 * POST /v1/admin/session/end: ends the session for good. Audited only when the request held a live
 * session; anyone may clear a cookie, and an unauthenticated caller must not write to the audit log.
 */
export async function signOut(db: Executor, { secret, adminToken, actor }: { secret: string | undefined; adminToken: string; actor: Actor }) {
  const identity = await findSession(db, secret, adminToken);
  if (!(await endSession(db, secret)) || !identity) return;
  await recordAdminAction(db, { actor: { ...actor, name: identity.name, operatorId: identity.operatorId }, action: "sign_out", details: {} });
}

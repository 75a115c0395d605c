import type { Executor } from "@/db/client";
import { AppError } from "@/lib/errors";
import { throttled } from "@/lib/throttle/guard";
import { recordAdminAction, type Actor } from "./audit";
import { secretsMatch } from "./authorize";
import { isValidSession, SESSION_SECONDS, sessionFromCookies, sessionValue } from "./session";

// Signing in to the console and out of it: both are admin actions, in the audit log like the others.

class WrongSignIn extends AppError {
  constructor() {
    super("admin_unauthorized", "That is not the admin token.");
  }
}

/**
 * POST /v1/admin/session: checks the token under the sign-in throttle (stricter than the API's: a
 * person types it). A failure is audited too, without what was typed.
 */
export async function signIn(db: Executor, { token, adminToken, actor, now = Date.now() }: { token: string; adminToken: string; actor: Actor; now?: number }) {
  await throttled(
    db,
    "admin_sign_in",
    actor.source,
    async () => {
      if (secretsMatch(token, adminToken)) return;
      await recordAdminAction(db, { actor, action: "sign_in_failed", details: {}, credential: "none" });
      throw new WrongSignIn();
    },
    (error) => error instanceof WrongSignIn,
  );
  const expiresAt = new Date(now + SESSION_SECONDS * 1000).toISOString();
  await recordAdminAction(db, { actor, action: "sign_in", details: { expires_at: expiresAt } });
  return { cookie: sessionValue(adminToken, now), expiresAt };
}

/**
 * POST /v1/admin/session/end: audited only when the request held a live session; anyone may clear a
 * cookie, and an unauthenticated caller must not be able to write to the audit log.
 */
export async function signOut(db: Executor, { cookieHeader, adminToken, actor }: { cookieHeader: string | null; adminToken: string; actor: Actor }) {
  if (isValidSession(sessionFromCookies(cookieHeader), adminToken)) {
    await recordAdminAction(db, { actor, action: "sign_out", details: {} });
  }
}

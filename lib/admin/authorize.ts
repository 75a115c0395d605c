import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import type { Executor } from "@/db/client";
import { AppError } from "@/lib/errors";
import { OWNER, type Identity } from "@/lib/operators/identity";
import { roleAllows, roleRequiredMessage, type OperatorRole } from "@/lib/operators/roles";
import { findSession } from "@/lib/operators/sessions";
import { findOperatorToken, looksLikeOperatorToken } from "@/lib/operators/tokens";
import { sessionFromCookies } from "./session";

const digest = (s: string) => createHash("sha256").update(s).digest();

/** Constant-time comparison: hashing first gives equal lengths, so nothing leaks through timing or length. */
export function secretsMatch(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

export const bearerOf = (authorization: string | null) => /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];

/** Why an admin request is refused: a wrong token is a guess (the throttle counts it); the others are not. */
export class AdminRefused extends AppError {
  constructor(
    readonly reason: "wrong_token" | "no_credential" | "foreign_origin",
    message: string,
  ) {
    super("admin_unauthorized", message);
  }
}

export const isAdminTokenGuess = (error: unknown) => error instanceof AdminRefused && error.reason === "wrong_token";

/**
 * Sign-out takes no credential, so a cross-site page could post it and sign the operator out: a
 * request that says it comes from another origin (browsers send Origin with every cross-origin
 * POST, "null" included) is refused. Scripts, which send no Origin, may still clear their cookie.
 */
export function refuseForeignOrigin(request: Request, origin: string): void {
  const from = request.headers.get("origin");
  if (from !== null && from !== origin) {
    throw new AdminRefused("foreign_origin", "Signing out must come from the console's own page.");
  }
}

/**
 * Who makes an admin request: `Authorization: Bearer` with ADMIN_TOKEN (the owner) or an operator's
 * token, else the console's session cookie. A change made with the cookie must come from this site's
 * own pages (Origin equal to the request's origin): a cookie rides along on any site's request, a
 * header does not. A session that is stale, ended or forged is not counted as a guess: its secret
 * cannot be guessed, and a browser keeps a cookie after its session ends.
 */
export async function authorizeAdminRequest(db: Executor, request: Request, adminToken: string, origin: string): Promise<Identity> {
  const authorization = request.headers.get("authorization");
  const bearer = bearerOf(authorization);
  if (bearer !== undefined) {
    if (secretsMatch(bearer, adminToken)) return OWNER;
    const operator = looksLikeOperatorToken(bearer) ? await findOperatorToken(db, bearer) : undefined;
    if (operator) return operator;
  }
  const session = await findSession(db, sessionFromCookies(request.headers.get("cookie")), adminToken);
  if (session) {
    const changes = !["GET", "HEAD"].includes(request.method);
    if (changes && request.headers.get("origin") !== origin) {
      throw new AdminRefused("foreign_origin", "A change made with the console's session must come from the console's own page.");
    }
    return session;
  }
  if (authorization !== null) {
    throw new AdminRefused("wrong_token", "That is not a valid admin token. Send ADMIN_TOKEN or an operator's token as: Authorization: Bearer <token>.");
  }
  throw new AdminRefused("no_credential", "Send ADMIN_TOKEN or an operator's token as: Authorization: Bearer <token>, or sign in at /admin.");
}

/**
 * Whether the request's credential still proves someone: for a stream that outlives its request's
 * check. Only a refusal says no; a database that cannot answer now does not end anything.
 */
export async function stillAuthorized(db: Executor, request: Request, adminToken: string, origin: string): Promise<boolean> {
  try {
    await authorizeAdminRequest(db, request, adminToken, origin);
    return true;
  } catch (error) {
    return !(error instanceof AdminRefused);
  }
}

/** 403 when the caller's role does not grant what the endpoint needs. */
export function requireRole(identity: Identity, needed: OperatorRole): void {
  if (!roleAllows(identity.role, needed)) throw new AppError("role_required", roleRequiredMessage(identity.role, needed));
}

import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { AppError } from "@/lib/errors";
import { isValidSession, sessionFromCookies } from "./session";

const digest = (s: string) => createHash("sha256").update(s).digest();

/** Constant-time comparison: hashing first gives equal lengths, so nothing leaks through timing or length. */
export function secretsMatch(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

const bearerMatches = (authorization: string | null, adminToken: string) => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  return match !== null && secretsMatch(match[1]!, adminToken);
};

/** Checks `Authorization: Bearer <ADMIN_TOKEN>`, or throws a 401. */
export function authorizeAdmin(authorization: string | null, adminToken: string): void {
  if (!bearerMatches(authorization, adminToken)) {
    throw new AppError("admin_unauthorized", "Send the admin token as: Authorization: Bearer <ADMIN_TOKEN>.");
  }
}

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
 * The admin API's check: the Bearer token, or the console's session cookie. A change made with the
 * cookie must come from this site's own pages (Origin equal to the request's origin): a cookie
 * rides along on any site's request, a header does not. A session cookie that is stale or forged is
 * not counted as a guess: its HMAC cannot be guessed, and a browser keeps a stale one after ADMIN_TOKEN
 * changes.
 */
export function authorizeAdminRequest(request: Request, adminToken: string, origin: string): void {
  const authorization = request.headers.get("authorization");
  if (bearerMatches(authorization, adminToken)) return;
  if (isValidSession(sessionFromCookies(request.headers.get("cookie")), adminToken)) {
    const changes = !["GET", "HEAD"].includes(request.method);
    if (changes && request.headers.get("origin") !== origin) {
      throw new AdminRefused("foreign_origin", "A change made with the console's session must come from the console's own page.");
    }
    return;
  }
  if (authorization !== null) throw new AdminRefused("wrong_token", "That is not the admin token. Send it as: Authorization: Bearer <ADMIN_TOKEN>.");
  throw new AdminRefused("no_credential", "Send the admin token as: Authorization: Bearer <ADMIN_TOKEN>, or sign in at /admin.");
}

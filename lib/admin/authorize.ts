import { createHash, timingSafeEqual } from "node:crypto";
import { AppError } from "@/lib/errors";

const digest = (s: string) => createHash("sha256").update(s).digest();

/** Constant-time comparison: hashing first gives equal lengths, so nothing leaks through timing or length. */
export function secretsMatch(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** Checks `Authorization: Bearer <ADMIN_TOKEN>`, or throws a 401. */
export function authorizeAdmin(authorization: string | null, adminToken: string): void {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  if (!match || !secretsMatch(match[1]!, adminToken)) {
    throw new AppError("admin_unauthorized", "Send the admin token as: Authorization: Bearer <ADMIN_TOKEN>.");
  }
}

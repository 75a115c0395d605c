import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";

/** The signature the platform sends in X-Signature: HMAC-SHA256 of the raw body, lowercase hex. */
export function signBody(body: Uint8Array | string, secret: string): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

/** The 32 signature bytes of an X-Signature value: hex or base64 (standard or URL-safe), optionally "sha256=…". */
function signatureBytes(header: string): Buffer | undefined {
  const value = header.trim().replace(/^sha256=/i, "");
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const bytes = Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    return bytes.length === 32 ? bytes : undefined;
  }
  return undefined;
}

/**
 * Whether X-Signature signs these exact bytes with one of the secrets (several during a rotation).
 * Every secret is compared in constant time; nothing about the expected signature leaks.
 */
export function signatureMatches(body: Uint8Array, header: string | null, secrets: readonly string[]): boolean {
  const given = header ? signatureBytes(header) : undefined;
  if (!given) return false;
  let matched = false;
  for (const secret of secrets) {
    const expected = createHmac("sha256", secret).update(body).digest();
    matched = timingSafeEqual(given, expected) || matched;
  }
  return matched;
}

/**
 * Why a refund's X-Timestamp fails, or undefined when it passes: it must equal the body's timestamp and,
 * unless the tolerance is 0, lie within that many seconds of the server's clock.
 */
export function timestampProblem(header: string | null, bodyTimestamp: number, now: number, toleranceSeconds: number): string | undefined {
  // Digits, and a fraction when the body's timestamp has one: the header carries the same number.
  if (header === null || !/^\d{1,20}(\.\d{1,20})?$/.test(header.trim())) return "X-Timestamp must be the request time in milliseconds";
  if (Number(header.trim()) !== bodyTimestamp) return "X-Timestamp must equal the body's timestamp";
  if (toleranceSeconds > 0 && Math.abs(now - bodyTimestamp) > toleranceSeconds * 1000) {
    return `X-Timestamp is more than ${toleranceSeconds} s away from the server's clock`;
  }
  return undefined;
}

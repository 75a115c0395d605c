import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

// Time-based one-time passwords (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits), as every
// authenticator app reads them from an otpauth:// address. A code is accepted one step either side
// of now, for clocks that drift, and once: the caller keeps the step of the last code taken.

const STEP_SECONDS = 30;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export const newTotpSecret = (): string => base32(randomBytes(20));

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

function fromBase32(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error("not base32");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

const stepOf = (atMs: number) => Math.floor(atMs / 1000 / STEP_SECONDS);

/** The code for the step that holds `atMs` (RFC 4226's dynamic truncation). */
export function totpCode(secret: string, atMs: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(stepOf(atMs)));
  const mac = createHmac("sha1", fromBase32(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  const number = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return number.toString().padStart(6, "0");
}

/**
 * The step whose code `code` is, within one step of now and later than `after` (the last step taken),
 * or undefined. Every candidate is compared, so the time taken does not tell which one matched.
 */
export function totpStep(secret: string, code: string, nowMs: number, after: number | null = null): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  let matched: number | undefined;
  for (const drift of [-1, 0, 1]) {
    const at = nowMs + drift * STEP_SECONDS * 1000;
    if (timingSafeEqual(Buffer.from(totpCode(secret, at)), Buffer.from(code)) && (after === null || stepOf(at) > after)) matched = stepOf(at);
  }
  return matched;
}

/** The address an authenticator app scans (as a QR code) or takes typed in. */
export const totpAddress = (secret: string, username: string, issuer: string) =>
  `otpauth://totp/${encodeURIComponent(`${issuer}:${username}`)}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=6&period=${STEP_SECONDS}`;

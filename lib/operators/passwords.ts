import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

// Operators' passwords, stored as scrypt (memory-hard: 32 MiB a try) with a random salt. The stored
// form names its parameters, so that they can be raised later without breaking older hashes.

const COST = { N: 2 ** 15, r: 8, p: 1 };
const KEY_BYTES = 32;

const derive = (password: string, salt: Buffer, { N, r, p }: typeof COST) =>
  new Promise<Buffer>((resolve, reject) => {
    const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
    scrypt(password.normalize("NFKC"), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key)));
  });

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const expected = Buffer.from(parts[5]!, "base64url");
  const key = await derive(password, Buffer.from(parts[4]!, "base64url"), { N, r, p });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of nothing anyone knows: an unknown name costs the same time as a known one. */
export const UNKNOWN_OPERATOR_HASH = `scrypt$${COST.N}$${COST.r}$${COST.p}$${randomBytes(16).toString("base64url")}$${randomBytes(KEY_BYTES).toString("base64url")}`;

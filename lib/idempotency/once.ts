import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { idempotencyKeys } from "@/db/schema";
import { AppError } from "@/lib/errors";

// A money action sent twice must move money once. A client that never heard its answer (a dropped
// connection, a tab reloaded) sends it again with the same Idempotency-Key and gets the first answer.
// The key is claimed first thing in the action's transaction: a concurrent repeat waits on the claim
// (the primary key's index) until the first commits, then reads its answer; if the first rolls back,
// the repeat runs as new. Failed actions keep nothing: they moved no money, and may be tried again.

export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
/** How long a key's answer is kept: a repeat after that is a new action. */
export const KEY_KEPT_HOURS = 24;
const KEY_FORM = /^[\x21-\x7e]{1,255}$/;

/** A money action's key, and what it was sent with. */
export interface KeyedRequest {
  playerId: string;
  key: string;
  /** The endpoint, its room and its body, hashed: the same key for anything else is refused. */
  request: string;
}

/**
 * The request's Idempotency-Key for this player's action, its method and path with `body` (as
 * validated), or undefined without one. A key is 1 to 255 visible ASCII characters; a UUID is a good one.
 */
export function keyedRequest(request: Request, { playerId, body }: { playerId: string; body?: unknown }): KeyedRequest | undefined {
  const key = request.headers.get(IDEMPOTENCY_KEY_HEADER);
  if (key === null) return undefined;
  if (!KEY_FORM.test(key)) {
    throw new AppError("validation_failed", "The Idempotency-Key header is not valid.", [
      { path: "Idempotency-Key", message: "must be 1 to 255 visible ASCII characters, such as a UUID" },
    ]);
  }
  const what = `${request.method} ${new URL(request.url).pathname}`;
  const fingerprint = createHash("sha256").update(`${what}\n${JSON.stringify(body ?? null)}`).digest("hex");
  return { playerId, key, request: fingerprint };
}

/**
 * Runs `act` once per key, in the caller's transaction `tx`, and keeps its answer with the key; a
 * repeat returns that answer without acting. Without a key, just runs `act`.
 */
export async function once<T>(tx: Executor, keyed: KeyedRequest | undefined, act: () => Promise<T>): Promise<T> {
  if (!keyed) return act();
  const mine = and(eq(idempotencyKeys.playerId, keyed.playerId), eq(idempotencyKeys.key, keyed.key));
  // This player's expired keys go first (by index), so an expired key is claimed afresh.
  await tx
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.playerId, keyed.playerId), lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${KEY_KEPT_HOURS})`)));
  const [claimed] = await tx.insert(idempotencyKeys).values(keyed).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  if (!claimed) {
    const [first] = await tx.select().from(idempotencyKeys).where(mine);
    if (first && first.request !== keyed.request) {
      throw new AppError("idempotency_key_reused", "This Idempotency-Key was already used for another request; send a new key with each new action.");
    }
    // Committed keys always hold their answer; one without is another request's, still in flight.
    if (!first?.answer) throw new AppError("idempotency_key_in_use", "A request with this Idempotency-Key is still being answered; ask again in a moment.");
    return first.answer as T;
  }
  const answer = await act();
  await tx.update(idempotencyKeys).set({ answer }).where(mine);
  return answer;
}

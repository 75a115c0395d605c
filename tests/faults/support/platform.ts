import { randomBytes } from "node:crypto";
import { signBody } from "@/lib/wallet/signature";
import { creditBody as callbackCredit } from "../../support/callback-bodies";

// The game platform's side of the wallet callbacks, as the fault tests play it: signed bodies,
// and retries with the same body until the answer is definitive.

// Made anew for each run: the app refuses fixed test secrets when it runs on PostgreSQL.
export const FAULT_ADMIN_TOKEN = randomBytes(32).toString("hex");
export const FAULT_WALLET_SECRET = randomBytes(32).toString("hex");

/** What one call came back with: an answer, or no answer at all (refused, reset, timed out). */
export type Outcome = { http: number; status_code: string; body: string } | { http: 0; status_code: "NO_ANSWER"; body: string };

const RETRYABLE = new Set(["ERR_UNKNOWN", "ERR_TIMEOUT", "NO_ANSWER"]);
export const isDefinitive = (o: Outcome) => !RETRYABLE.has(o.status_code);

/** A fresh credit of `amount` for the player, with the platform's other fields filled in. */
export const creditBody = (playerId: string, amount: string) => callbackCredit(playerId, { amount });

/** Sends one signed callback. The body is serialized once, so every retry is byte for byte the same. */
export async function sendCredit(baseUrl: string, raw: string, timeoutMs = 15_000): Promise<Outcome> {
  try {
    const response = await fetch(`${baseUrl}/wallet/credit`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-signature": signBody(raw, FAULT_WALLET_SECRET) },
      body: raw,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = await response.text();
    let status_code = "NOT_JSON";
    try {
      status_code = String((JSON.parse(body) as { status_code?: unknown }).status_code);
    } catch {
      // Counted as its own kind of answer below; never taken for a definitive OK.
    }
    return { http: response.status, status_code, body };
  } catch (error) {
    return { http: 0, status_code: "NO_ANSWER", body: String((error as Error).cause ?? error) };
  }
}

/** Tallies of what came back, by HTTP status and status_code, for the printed figures. */
export class Tally {
  readonly counts = new Map<string, number>();
  /** The first body (or network error) of each kind, to say what an unexpected one was. */
  readonly examples = new Map<string, string>();
  sent = 0;
  add(o: Outcome) {
    this.sent++;
    const key = o.http === 0 ? "no answer" : `${o.http} ${o.status_code}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    if (!this.examples.has(key)) this.examples.set(key, o.body.slice(0, 300));
  }
  toString() {
    return [...this.counts].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k}: ${n}`).join(", ");
  }
}

/**
 * What a platform does: send, and on no answer, ERR_UNKNOWN or ERR_TIMEOUT send the very same body
 * again after a short pause, until a definitive answer or the deadline.
 */
export async function creditUntilDefinitive(
  baseUrl: () => string,
  raw: string,
  tally: Tally,
  { deadline, pauseMs = 200 }: { deadline: number; pauseMs?: number },
): Promise<Outcome & { attempts: number }> {
  for (let attempts = 1; ; attempts++) {
    const outcome = await sendCredit(baseUrl(), raw);
    tally.add(outcome);
    if (isDefinitive(outcome) || Date.now() > deadline) return { ...outcome, attempts };
    await new Promise((r) => setTimeout(r, pauseMs));
  }
}

/** Runs `work` over `items` with at most `concurrency` at a time. */
export async function inParallel<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i]!, i);
      }
    }),
  );
}

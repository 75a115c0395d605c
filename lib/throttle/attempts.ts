import type { ThrottleScope } from "@/lib/config/throttle-limits";
import { processState } from "@/lib/process/state";

// Failures are counted once a credential has been checked and found wrong. Checked in parallel, a
// crowd of guesses from one address would all be evaluated before the first count landed (189 of 200
// simultaneous wrong sign-ins were, against a limit of 5). So an address may have only as many checks
// in flight as it has failures left before its block: the rest wait their turn, and find the block
// once it begins. A valid credential waits only behind a crowd from its own address.
// Per instance; process state (lib/process/state.ts): route bundles hold their own module copies.

interface Entry {
  inFlight: number;
  /** Failures seen here while this entry lived. */
  failures: number;
  waiting: (() => void)[];
}

const entries = () => processState("throttle-attempts", () => new Map<string, Entry>());

/** How many checks may be in flight for an address with these failures left before its limit: at least one. */
export const checksAllowed = (limit: number, failures: number) => Math.max(1, limit - failures);

/**
 * Waits until the address may have one more check in flight under `limit`, and takes that turn. Call
 * the returned function once the check is decided, saying whether it failed. An entry lives only
 * while checks are in flight or waiting.
 */
export async function takeTurn(scope: ThrottleScope, address: string, limit: number): Promise<(failed: boolean) => void> {
  const key = `${scope} ${address}`;
  const map = entries();
  let entry = map.get(key);
  if (!entry) map.set(key, (entry = { inFlight: 0, failures: 0, waiting: [] }));
  const own = entry;
  while (own.inFlight >= checksAllowed(limit, own.failures)) await new Promise<void>((resolve) => own.waiting.push(resolve));
  own.inFlight++;
  let done = false;
  return (failed) => {
    if (done) return;
    done = true;
    own.inFlight--;
    if (failed) own.failures++;
    // Wake as many as may now go; each looks again, since a failure may have lowered the allowance.
    own.waiting.splice(0, checksAllowed(limit, own.failures) - own.inFlight).forEach((wake) => wake());
    if (own.inFlight === 0 && own.waiting.length === 0) map.delete(key);
  };
}

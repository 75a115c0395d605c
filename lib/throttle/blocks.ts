import type { ThrottleScope } from "@/lib/config/throttle-limits";
import { processState } from "@/lib/process/state";

// Blocks this instance has seen, kept until their window ends: a blocked address is refused with no
// query. Another instance learns of a block only from its own next counted failure, so each instance
// may let a blocked address try once more. Process state: route bundles hold their own module copies.

const MAX_ENTRIES = 10_000;

const blocks = () => processState("throttle-blocks", () => new Map<string, number>());
const keyOf = (scope: ThrottleScope, address: string) => `${scope} ${address}`;

/** When the address's block in this scope ends (ms since the epoch), if it is blocked now. */
export function blockedUntil(scope: ThrottleScope, address: string, now: number): number | undefined {
  const until = blocks().get(keyOf(scope, address));
  if (until === undefined) return undefined;
  if (until > now) return until;
  blocks().delete(keyOf(scope, address));
  return undefined;
}

export function rememberBlock(scope: ThrottleScope, address: string, until: number, now: number): void {
  const map = blocks();
  // Bounded: ended blocks go first; if every entry is live, the oldest entry is dropped (that address
  // then costs one query again, and is blocked again by its count).
  if (map.size >= MAX_ENTRIES) {
    for (const [key, end] of map) if (end <= now) map.delete(key);
    if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value!);
  }
  map.set(keyOf(scope, address), until);
}

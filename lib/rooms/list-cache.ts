import { processState } from "@/lib/process/state";
import { snapshotHolds } from "@/lib/shared/snapshot";
import { ensureListening, onRoomChange } from "./room-changes";

// One read for many: identical list reads on this instance are computed once (single flight) and
// kept until the next room change this instance hears of. Entries are also dropped after TTL_MS, in
// case the database's notifications stop arriving, and the oldest go first past MAX_ENTRIES. A
// caller who just changed a room sends its transaction id: an entry whose snapshot does not hold
// it is computed afresh, so a player's own change shows in their next read on any instance.

const TTL_MS = 2_000;
const MAX_ENTRIES = 500;

interface Entry<T> {
  generation: number;
  at: number;
  value: Promise<T>;
}

interface Cache {
  generation: number;
  /** Only while this process hears room changes can a kept answer be trusted. */
  listening: boolean;
  entries: Map<string, Entry<unknown>>;
}

function cache(): Cache {
  return processState("list-cache", () => {
    const c: Cache = { generation: 0, listening: false, entries: new Map() };
    onRoomChange(() => {
      c.generation++;
      c.entries.clear();
    });
    ensureListening().then(
      () => (c.listening = true),
      () => {},
    );
    return c;
  });
}

export type Served = "cache" | "database";

/**
 * The value for `key`: kept, joined in flight, or computed by `read` now. `after` is a transaction
 * id the answer must hold (read-your-writes).
 */
export async function cachedRead<T extends { snapshot: string }>(
  key: string,
  after: string | undefined,
  read: () => Promise<T>,
): Promise<{ value: T; served: Served }> {
  const c = cache();
  const now = Date.now();
  const entry = c.entries.get(key) as Entry<T> | undefined;
  if (entry && entry.generation === c.generation && now - entry.at < TTL_MS) {
    const value = await entry.value.catch(() => undefined);
    if (value && (after === undefined || snapshotHolds(value.snapshot, after))) return { value, served: "cache" };
  }
  const value = read();
  if (c.listening) {
    c.entries.delete(key);
    c.entries.set(key, { generation: c.generation, at: now, value });
    if (c.entries.size > MAX_ENTRIES) c.entries.delete(c.entries.keys().next().value!);
    // A failed read is not kept: the next caller tries again.
    value.catch(() => c.entries.get(key)?.value === value && c.entries.delete(key));
  }
  return { value: await value, served: "database" };
}

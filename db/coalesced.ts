import type { Executor } from "./client";

// Reads that crowds ask at once, each for its own keys (the player behind a launch token, a player's
// rooms), asked in the same turn of the event loop on the same executor, go to the database as one
// statement for all their keys: one round trip for this process and the database instead of one
// each. Lobbies re-reading the list together cost the server 40% less CPU so (docs/performance.md).
// A read waits one turn of the event loop for its companions and never moves earlier than asked, so
// what it sees is at least as recent as it would have been alone. Reads of different executors (the
// money pool, a transaction) never share a statement.

/** At most this many keys go in one statement; the rest go in the next. */
export const MOST_KEYS_PER_STATEMENT = 100;

type Waiter<K, V> = { keys: readonly K[]; resolve: (found: Map<K, V>) => void; reject: (error: unknown) => void };

/**
 * `read` made to serve many callers at once: it is given the keys every caller of the moment asked
 * for (each once, at most MOST_KEYS_PER_STATEMENT at a time) and answers what it found by key; each
 * caller gets the part it asked for. A key not found is left out of the answer.
 */
export function coalesced<K, V>(read: (db: Executor, keys: K[]) => Promise<Map<K, V>>): (db: Executor, keys: readonly K[]) => Promise<Map<K, V>> {
  const gathering = new Map<Executor, Waiter<K, V>[]>();

  async function readFor(db: Executor, waiters: Waiter<K, V>[]) {
    const keys = [...new Set(waiters.flatMap((w) => w.keys))];
    const found = new Map<K, V>();
    try {
      for (let i = 0; i < keys.length; i += MOST_KEYS_PER_STATEMENT) {
        for (const [key, value] of await read(db, keys.slice(i, i + MOST_KEYS_PER_STATEMENT))) found.set(key, value);
      }
    } catch (error) {
      for (const w of waiters) w.reject(error);
      return;
    }
    for (const w of waiters) w.resolve(new Map(w.keys.flatMap((k) => (found.has(k) ? [[k, found.get(k)!] as const] : []))));
  }

  return (db, keys) => {
    if (keys.length === 0) return Promise.resolve(new Map());
    return new Promise((resolve, reject) => {
      let waiters = gathering.get(db);
      if (!waiters) {
        gathering.set(db, (waiters = []));
        // After the callbacks of this turn (the requests parsed with this one) have asked theirs.
        setImmediate(() => {
          gathering.delete(db);
          void readFor(db, waiters!);
        });
      }
      waiters.push({ keys, resolve, reject });
    });
  };
}

/** The rows of a coalesced read by the key each belongs to, each as `valueOf` gives it, in their order. */
export function groupedBy<T, K, V = T>(rows: Iterable<T>, keyOf: (row: T) => K, valueOf: (row: T) => V = (row) => row as unknown as V): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(valueOf(row));
    else groups.set(key, [valueOf(row)]);
  }
  return groups;
}

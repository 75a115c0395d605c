import type { Executor } from "./client";

/**
 * A hot query of fixed shape, built by Drizzle once per database object and then only executed: its
 * query building (about 0.2 ms of CPU a call, measured in docs/performance.md) is paid once. A
 * transaction is a new object each time, so this pays off for queries run outside transactions.
 * PostgreSQL still plans each execution with its values (`plan_cache_mode` in db/client.ts).
 */
export function prepared<T>(build: (db: Executor) => T): (db: Executor) => T {
  const built = new WeakMap<Executor, T>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}

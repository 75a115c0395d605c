import type { Sql } from "postgres";

type Scoped = (sql: Sql) => unknown;
type Call = (...args: unknown[]) => unknown;

/**
 * The postgres.js client, with every query kept as a prepared statement on its connection.
 *
 * Drizzle asks postgres.js to prepare only the queries given a name (db/prepared.ts). Any other query
 * with parameters costs two round trips each time: postgres.js parses it and waits for the types of its
 * parameters, then binds and runs it. Prepared, it is parsed once per connection and every later run is
 * one round trip. The query text is the cache key, and every text here comes from the code with its
 * values as parameters, so the cache stays small; it ends with the connection (at most an hour).
 * Transactions and savepoints hand out clients of their own, which get the same treatment.
 * `prepare=false` on the connection (for a transaction pooler, docs/operations.md) still turns it off.
 */
export function prepareEveryQuery<T extends Sql>(client: T): T {
  const scoped = (run: Call) => (...args: unknown[]) => {
    const work = args.pop() as Scoped;
    return run(...args, (inner: Sql) => work(prepareEveryQuery(inner)));
  };
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key === "unsafe") {
        return (query: string, parameters?: unknown[], options?: object) => target.unsafe(query, parameters as never, { ...options, prepare: true });
      }
      if (key === "begin" || key === "savepoint") return scoped(Reflect.get(target, key, receiver) as Call);
      return Reflect.get(target, key, receiver);
    },
  });
}

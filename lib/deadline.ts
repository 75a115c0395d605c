import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";

/** A request's work outlasted its hard deadline; what it was doing may or may not have finished. */
export class DeadlineExceeded extends Error {
  override name = "DeadlineExceeded";
}

/** A call's deadline passed before any write began: nothing was written, and the same call may come again. */
export class DeadlinePassed extends Error {
  override name = "DeadlinePassed";
}

/**
 * `work`, or a DeadlineExceeded after `ms`. The database enforces its own timeouts, but a connection
 * that breaks mid-transaction can leave the postgres driver with a query that never settles
 * (porsager/postgres#1208); every request must still get an answer.
 */
export function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

/** A read that must be done by `deadlineAt` (ms since the epoch); past it, DeadlinePassed, as a read wrote nothing. */
export function readByDeadline<T>(read: Promise<T>, deadlineAt: number): Promise<T> {
  return withinDeadline(read, Math.max(0, deadlineAt - Date.now())).catch((error: unknown) => {
    throw error instanceof DeadlineExceeded ? new DeadlinePassed("The deadline passed during a read.") : error;
  });
}

/**
 * The deadline of a call that moves money, counted from before it waits for a connection. A call that
 * is still waiting at the deadline, for a connection or for anything else before its transaction
 * began, ends then with DeadlinePassed, and a transaction that begins after that throws at once:
 * nothing is written. Once begun, the database itself cuts the transaction off at the deadline
 * (statement and lock timeouts set to the time left), so it ends by then, committed or not.
 */
export class WriteDeadline {
  #began = false;
  #expired = false;

  constructor(readonly deadlineAt: number) {}

  /** `db`, whose transactions begin only before the deadline and end by it. */
  bind<D extends Executor>(db: D): D {
    const transaction: Executor["transaction"] = (work, config) =>
      db.transaction(async (tx) => {
        if (this.#expired) throw new DeadlinePassed("The deadline passed before the transaction began.");
        this.#began = true;
        const ms = String(Math.max(1, Math.floor(this.deadlineAt - Date.now())));
        await tx.execute(sql`select set_config('statement_timeout', ${ms}, true), set_config('lock_timeout', ${ms}, true)`);
        return work(tx);
      }, config);
    return new Proxy(db, {
      get(target, key) {
        if (key === "transaction") return transaction;
        const value: unknown = Reflect.get(target, key);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  }

  /** `work`'s outcome; or DeadlinePassed at the deadline, if no transaction has begun by then. */
  race<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const passed = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.#expired = true;
        if (!this.#began) reject(new DeadlinePassed("The deadline passed while waiting for a database connection."));
      }, Math.max(0, this.deadlineAt - Date.now()));
    });
    return Promise.race([work, passed]).finally(() => clearTimeout(timer));
  }
}

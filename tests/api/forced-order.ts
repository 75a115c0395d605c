import { setTimeout as pause } from "node:timers/promises";
import postgres from "postgres";
import type { Target } from "./global-setup";

// Racing calls in an order the test chooses, so that a race test can say which call won. On
// PostgreSQL a session of the test holds the row every call locks first, and the calls are sent one
// by one into the queue behind it. PostgreSQL grants a row's waiters in the order they came only
// while the row is not updated: once a call ahead updates it, the waiters behind race for its new
// version. So two calls at most queue together (the first behind the test's lock, which updates
// nothing; the second alone behind the first), and each later call is sent once the one before it
// has answered. The embedded database lives inside the server's process, where no other session can
// hold a lock: there the calls go one after another, which is the same order.

export interface HeldRow {
  /** Resolves once exactly `n` sessions wait behind the held lock, directly or behind one another. */
  queued(n: number, call?: Promise<unknown>): Promise<void>;
  /** Lets the lock go (rolling back) and closes the session. */
  release(): Promise<void>;
}

/** Holds the lock of one row (`select … for update`) from a session of its own until `release`. */
export async function holdRow(databaseUrl: string, table: "rooms" | "players", id: string): Promise<HeldRow> {
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  let letGo!: () => void;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  let locked!: (pid: number) => void;
  const holderPid = new Promise<number>((resolve) => (locked = resolve));
  const holder = sql.begin(async (tx) => {
    const [me] = await tx`select pg_backend_pid() as pid`;
    const [row] = await tx`select id from ${tx(table)} where id = ${id} for update`;
    if (!row) throw new Error(`No row ${id} in ${table} to hold.`);
    locked(me!.pid as number);
    await held;
  });
  const pid = await Promise.race([holderPid, holder.then(() => Promise.reject(new Error("The lock holder ended early.")))]);

  /** The sessions waiting behind the holder: blocked by it, or by a session that is. */
  async function queueLength(): Promise<number> {
    const waiting = await sql<{ pid: number; blockers: number[] }[]>`
      select pid, pg_blocking_pids(pid) as blockers from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`;
    const behind = new Set<number>([pid]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const w of waiting) {
        if (behind.has(w.pid) || !w.blockers.some((b) => behind.has(b))) continue;
        behind.add(w.pid);
        grew = true;
      }
    }
    return behind.size - 1;
  }

  return {
    async queued(n, call) {
      let answered = false;
      void call?.then(() => (answered = true), () => (answered = true));
      // A state to wait for, looked at every few milliseconds: the server's session is seen waiting.
      for (const deadline = Date.now() + 10_000; ; ) {
        const length = await queueLength();
        if (length === n) return;
        if (length > n) throw new Error(`${length} sessions wait on ${table} ${id}, expected ${n}.`);
        if (answered) throw new Error(`A call answered before it waited on ${table} ${id}: it never took that lock.`);
        if (Date.now() > deadline) throw new Error(`${n} sessions never came to wait on ${table} ${id} (${length} do).`);
        await pause(5);
      }
    },
    async release() {
      letGo();
      await holder;
      await sql.end();
    },
  };
}

/**
 * Runs the calls in the order given, each of which locks `row` first: on PostgreSQL the first two
 * queued behind a held lock of that row and let go together, each later one sent once the one
 * before it has answered; on the embedded database one after another. The answers come back in the
 * order of the calls.
 */
export async function inOrder<T extends unknown[]>(
  t: Target,
  row: { table: "rooms" | "players"; id: string },
  calls: [...{ [K in keyof T]: () => Promise<T[K]> }],
): Promise<T> {
  const answers: unknown[] = [];
  if (!t.databaseUrl) {
    // The embedded database serializes everything in the server's process: no lock can be held from here.
    for (const call of calls) answers.push(await call());
    return answers as T;
  }
  const lock = await holdRow(t.databaseUrl, row.table, row.id);
  const queued: Promise<unknown>[] = [];
  try {
    for (const call of calls.slice(0, 2)) {
      const answer = call();
      answer.catch(() => {}); // awaited below; a failure is reported there
      queued.push(answer);
      await lock.queued(queued.length, answer);
    }
  } finally {
    await lock.release();
  }
  for (const answer of queued) answers.push(await answer);
  for (const call of calls.slice(2)) answers.push(await call());
  return answers as T;
}

import "server-only";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "@/db/client";
import { withinDeadline } from "@/lib/deadline";
import { log } from "@/lib/observability/log";

// Every few seconds a listen sends itself a NOTIFY. If it does not come back, the listen was lost
// (the database went away and came back while postgres.js could not listen again): listen anew.
const CHECK_EVERY_MS = 5_000;
const ECHO_WAIT_MS = 3_000;
const ECHO_CHANNEL = "live_echo";

/**
 * Listens to `handlers` on a connection of its own and keeps doing so; resolves to its stop.
 * `resync` runs when the listen was lost and made again: changes made meanwhile were missed.
 */
export async function keepListening(database: DatabaseHandle, handlers: Record<string, (payload: string) => void>, resync: () => void) {
  const echoes = new Map<string, () => void>();
  const all = { ...handlers, [ECHO_CHANNEL]: (payload: string) => echoes.get(payload)?.() };
  let stop = await database.listen(all, resync);

  const echoed = async (): Promise<boolean> => {
    const nonce = randomBytes(8).toString("hex");
    const heard = new Promise<boolean>((resolve) => {
      echoes.set(nonce, () => resolve(true));
      setTimeout(() => resolve(false), ECHO_WAIT_MS).unref();
    });
    try {
      await database.db.execute(sql`select pg_notify(${ECHO_CHANNEL}, ${nonce})`);
      return await heard;
    } finally {
      echoes.delete(nonce);
    }
  };
  const check = async () => {
    // A database that cannot be reached cannot be listened to either: the next check tries again.
    const alive = await echoed().catch(() => true);
    if (alive) return;
    log("warn", "live updates stopped arriving; listening again");
    await stop().catch(() => {});
    stop = await database.listen(all, resync);
    resync();
  };
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    // Bounded too: a query the driver never settles must not stop the checks for good.
    withinDeadline(check(), 4 * CHECK_EVERY_MS)
      .catch((error) => log("warn", "live updates could not listen again; will retry", { error: String(error) }))
      .finally(() => (checking = false));
  }, CHECK_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await stop();
  };
}

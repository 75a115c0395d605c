import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { prepared } from "@/db/prepared";
import { instancePresence } from "@/db/schema";

// Each instance's row of players online (db/schema/presence.ts). Times are the database's, so that
// instances whose clocks differ still agree on what is fresh.

const ago = (seconds: unknown) => sql`now() - make_interval(secs => ${seconds})`;

/** Writes this instance's count, seen now, and forgets instances not seen for `forgetAfterSeconds`. */
export async function savePresence(db: Executor, { instanceId, playersOnline, forgetAfterSeconds }: { instanceId: string; playersOnline: number; forgetAfterSeconds: number }) {
  await db
    .insert(instancePresence)
    .values({ instanceId, playersOnline, seenAt: sql`now()` })
    .onConflictDoUpdate({ target: instancePresence.instanceId, set: { playersOnline, seenAt: sql`now()` } });
  await db.delete(instancePresence).where(lt(instancePresence.seenAt, ago(forgetAfterSeconds)));
}

/** Removes this instance's row: on a clean shutdown its players are no longer online anywhere. */
export async function removePresence(db: Executor, instanceId: string) {
  await db.delete(instancePresence).where(eq(instancePresence.instanceId, instanceId));
}

const othersOnline = prepared((db) =>
  db
    .select({ players: sql<string>`coalesce(sum(${instancePresence.playersOnline}), 0)` })
    .from(instancePresence)
    .where(and(ne(instancePresence.instanceId, sql.placeholder("instanceId")), gt(instancePresence.seenAt, ago(sql.placeholder("freshSeconds")))))
    .prepare("others_online"),
);

/** Players online on the other instances, as each last wrote, counting only rows seen within `freshSeconds`. */
export async function countOthersOnline(db: Executor, { instanceId, freshSeconds }: { instanceId: string; freshSeconds: number }): Promise<number> {
  const [row] = await othersOnline(db).execute({ instanceId, freshSeconds });
  return Number(row?.players ?? 0);
}

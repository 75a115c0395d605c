import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "@/db/client";
import { errorReason } from "@/db/errors";

// Whether this instance can serve: its database answers, and every migration shipped with the code
// has been applied to it. What a load balancer asks before sending traffic.

const JOURNAL = path.join(process.cwd(), "db", "migrations", "meta", "_journal.json");
/** A database that does not answer within this is as good as unreachable for a readiness probe. */
export const READINESS_TIMEOUT_MS = 2000;

let shipped: number | undefined;
const shippedMigrations = () => (shipped ??= (JSON.parse(readFileSync(JOURNAL, "utf8")) as { entries: unknown[] }).entries.length);

/** Pure: what is wrong, if anything, given the migrations applied and shipped. */
export function migrationProblem(applied: number, shippedCount: number): string | undefined {
  if (applied < shippedCount) return `${shippedCount - applied} of ${shippedCount} migrations are pending`;
  return undefined;
}

export async function readinessProblem(db: Database): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), READINESS_TIMEOUT_MS)));
  try {
    const counted = db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
    const result = await Promise.race([counted, timeout]);
    if (result === "timeout") return `the database did not answer within ${READINESS_TIMEOUT_MS} ms`;
    const rows = rowsOf<{ applied: number }>(result);
    return migrationProblem(rows[0]?.applied ?? 0, shippedMigrations());
  } catch (error) {
    return `the database is unreachable (${errorReason(error)})`;
  } finally {
    clearTimeout(timer);
  }
}

import type { Executor } from "@/db/client";
import { isUniqueViolation } from "@/db/errors";
import { WriteDeadline } from "@/lib/deadline";

/**
 * Runs a wallet call's work in a transaction that ends by `deadlineAt` (ms since the epoch) having
 * certainly committed nothing, or having committed (lib/deadline.ts WriteDeadline). When a concurrent
 * call registered the same transfer between this one's check and its insert, the unique index refuses
 * the insert; the work then runs once more and finds that transfer.
 */
export async function walletTransaction<T>(db: Executor, deadlineAt: number, work: (tx: Executor) => Promise<T>): Promise<T> {
  const attempt = () => {
    const deadline = new WriteDeadline(deadlineAt);
    return deadline.race(deadline.bind(db).transaction(work));
  };
  try {
    return await attempt();
  } catch (error) {
    if (isUniqueViolation(error)) return attempt();
    throw error;
  }
}

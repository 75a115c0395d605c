/** A request's work outlasted its hard deadline; what it was doing may or may not have finished. */
export class DeadlineExceeded extends Error {
  override name = "DeadlineExceeded";
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

// Suites that need a PostgreSQL server run only when DATABASE_URL_TEST names one. Without it they
// are skipped, and their name says why; CI sets the variable and refuses any skipped test.

export const DATABASE_URL_TEST = process.env.DATABASE_URL_TEST || undefined;

/** The suite's name as reported: with the reason when it is skipped. */
export const nameNeedingPostgres = (name: string, url: string | undefined) => (url ? name : `${name} (skipped: needs PostgreSQL, set DATABASE_URL_TEST)`);

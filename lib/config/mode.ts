import { DEFAULT_PGLITE_DIR, type AppMode } from "./schema";

// Production is said, never implied: APP_MODE=production or development. Unset, the mode is
// development on the embedded database; with DATABASE_URL set and no mode the app refuses to start,
// as a production database reached by a forgotten setting must never run on generated secrets.

/** The mark in the fixed secrets of the browser tests (playwright.config.ts). */
export const TEST_ONLY = /for-tests-only/i;

/** `env` has its empty values removed (schema.ts, withoutBlanks). */
type Env = Readonly<Record<string, string>>;

/** The mode `env` says, or defaults to; undefined when it cannot be told (refused by modeProblems or the schema). */
export function modeOf(env: Env): AppMode | undefined {
  if (env.APP_MODE) return env.APP_MODE === "production" || env.APP_MODE === "development" ? env.APP_MODE : undefined;
  return env.DATABASE_URL ? undefined : "development";
}

/**
 * Where the secrets that `env` does not set come from: nowhere when both are set; made in memory on
 * `memory://`; else the secrets file (./secrets-file.ts). Only the embedded database in development
 * has secrets made for it: PostgreSQL in any mode, and production, need both set (modeProblems).
 */
export function generatedSecretsPlace(env: Env): "memory" | "file" | undefined {
  if (env.ADMIN_TOKEN && env.WALLET_SIGNING_SECRET) return undefined;
  if (env.DATABASE_URL || modeOf(env) !== "development") return undefined;
  return (env.PGLITE_DIR ?? DEFAULT_PGLITE_DIR).startsWith("memory://") ? "memory" : "file";
}

const GENERATE = "Generate each with: openssl rand -hex 32";
/** "A", "A and B", "A, B and C". */
export const names = (list: string[]) => (list.length > 1 ? `${list.slice(0, -1).join(", ")} and ${list.at(-1)}` : list.join(""));

/** What the mode refuses in `env`, one line each, the settings named and never their values. */
export function modeProblems(env: Env): string[] {
  const problems: string[] = [];
  const mode = modeOf(env);
  if (!env.APP_MODE && env.DATABASE_URL) {
    problems.push("APP_MODE is unset but DATABASE_URL is set: say APP_MODE=production, or APP_MODE=development for a development PostgreSQL.");
  }
  if (mode === "production" && !env.DATABASE_URL) {
    problems.push("APP_MODE=production needs DATABASE_URL: production runs on PostgreSQL; the embedded database is for development and tests.");
  }
  if (mode === "production" || env.DATABASE_URL) {
    const missing = ["ADMIN_TOKEN", "WALLET_SIGNING_SECRET"].filter((name) => !env[name]);
    const where = mode === "production" ? "in production (APP_MODE=production)" : "on PostgreSQL (DATABASE_URL is set)";
    if (missing.length > 0) problems.push(`${names(missing)} must be set ${where}: secrets are generated only for the embedded database in development. ${GENERATE}`);
  }
  if (mode === "production" || env.DATABASE_URL) {
    // The tests' fixed secrets say so in their value; they must never guard a database that may hold
    // real money, whatever the mode says.
    const testOnly = ["ADMIN_TOKEN", "WALLET_SIGNING_SECRET", "METRICS_TOKEN"].filter((name) => TEST_ONLY.test(env[name] ?? ""));
    const where = mode === "production" ? "production refuses" : "PostgreSQL refuses (DATABASE_URL is set)";
    if (testOnly.length > 0) problems.push(`${names(testOnly)} ${testOnly.length > 1 ? "hold" : "holds"} a test-only value, which ${where}. ${GENERATE}`);
  }
  const role = env.INSTANCE_ROLE;
  if ((role === "wallet" || role === "lobby") && !env.DATABASE_URL) {
    problems.push(`INSTANCE_ROLE=${role} needs DATABASE_URL: instances by role share one PostgreSQL, and the embedded database serves one process.`);
  }
  if (env.WALLET_PORT && !env.DATABASE_URL) {
    problems.push("WALLET_PORT needs DATABASE_URL: the wallet lane is a thread with connections of its own, and the embedded database is open in one thread only.");
  }
  if (env.WALLET_PORT && role === "lobby") problems.push("WALLET_PORT serves the wallet, which INSTANCE_ROLE=lobby does not: set one or the other.");
  if (env.WALLET_PORT && env.WALLET_PORT === (env.PORT ?? "3000")) problems.push(`WALLET_PORT must differ from the main port (${env.PORT ?? "3000"}).`);
  return problems;
}

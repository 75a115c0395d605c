// Each secret opens one thing. Whoever holds a secret that two settings share holds both: a console
// credential that also signs wallet calls could move money as the platform, and a scraper's token that
// is also the admin token would hand the monitoring system the console. Refused at start.

import { names } from "./mode";

/** `env` has its empty values removed (schema.ts, withoutBlanks). */
type Env = Readonly<Record<string, string>>;

const GENERATE = "Generate each with: openssl rand -hex 32";

/** The settings, of those that sign the platform's calls and events, whose value is `value`. */
function signersHolding(env: Env, value: string): string[] {
  const signing = (env.WALLET_SIGNING_SECRET ?? "").split(",").map((s) => s.trim());
  return [
    ...(signing.includes(value) ? ["WALLET_SIGNING_SECRET"] : []),
    ...(env.PLATFORM_EVENTS_SECRET === value ? ["PLATFORM_EVENTS_SECRET"] : []),
  ];
}

/** One line for each credential that is also another setting's secret; the values are never printed. */
export function sharedSecretProblems(env: Env): string[] {
  const problems: string[] = [];
  if (env.ADMIN_TOKEN) {
    const signers = signersHolding(env, env.ADMIN_TOKEN);
    if (signers.length > 0) problems.push(`ADMIN_TOKEN must differ from ${names(signers)}: no console credential may sign the platform's calls. ${GENERATE}`);
  }
  if (env.METRICS_TOKEN) {
    const others = [...(env.METRICS_TOKEN === env.ADMIN_TOKEN ? ["ADMIN_TOKEN"] : []), ...signersHolding(env, env.METRICS_TOKEN)];
    if (others.length > 0) problems.push(`METRICS_TOKEN must differ from ${names(others)}: it only reads /metrics, and the scraper that holds it must hold nothing else. ${GENERATE}`);
  }
  return problems;
}

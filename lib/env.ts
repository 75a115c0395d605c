import "server-only";
import { parseConfig } from "@/lib/config/parse";
import type { Config } from "@/lib/config/types";
import { processState } from "@/lib/process/state";

// The configuration's entry: every setting is defined and checked in lib/config/ (schema.ts: each
// setting; mode.ts: APP_MODE and the rules across settings; secrets-file.ts: the embedded database's
// generated secrets; parse.ts: the whole). A bad setting stops the start with one line per problem
// (lib/server/start.ts).

export { ConfigError } from "@/lib/config/config-error";
export { parseConfig } from "@/lib/config/parse";
export { TEST_ONLY } from "@/lib/config/mode";
export { APP_MODES, THROTTLE_DEFAULTS, type AppMode } from "@/lib/config/schema";
export { ensureSecretsFile, SECRETS_FILE } from "@/lib/config/secrets-file";
export type { Config } from "@/lib/config/types";

/**
 * The configuration, read from the environment once per process (lib/process/state.ts).
 * Reading it writes nothing: an entry point that may run on generated secrets calls
 * ensureSecretsFile() first.
 */
export function config(): Config {
  return processState("config", () => parseConfig(process.env));
}

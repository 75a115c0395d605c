import { config, ConfigError, ensureSecretsFile, type Config } from "@/lib/env";

/**
 * The configuration of a command-line tool, prepared as the app's start prepares it: on the embedded
 * database in development with no secrets set, the secrets file is made first (the app then finds the
 * same secrets). A bad setting ends the tool with its lines and exit code 1, no stack.
 */
export function scriptConfig(): Config {
  try {
    ensureSecretsFile();
    return config();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

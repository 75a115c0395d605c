import "server-only";
import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ConfigError } from "./config-error";
import { generatedSecretsPlace } from "./mode";
import { withoutBlanks, type RawEnv } from "./schema";

// The embedded database's generated secrets, for a newcomer's first start with nothing set. Made by
// an explicit step of each entry point (lib/server/start.ts, the scripts that read the configuration)
// before the configuration is first read; reading the configuration only reads this file.

/** Relative to the working directory, whatever PGLITE_DIR is. */
export const SECRETS_FILE = path.join(".data", "secrets.json");

export interface GeneratedSecrets {
  adminToken: string;
  signingSecret: string;
}

export const newSecret = () => randomBytes(32).toString("hex");

/**
 * Makes the secrets file (mode 0600) when `env` needs it (development on the embedded database, not
 * `memory://`, ADMIN_TOKEN or WALLET_SIGNING_SECRET unset) and it does not exist yet. An existing file
 * is never rewritten, even by two processes starting at once: the platform may already sign with it.
 */
export function ensureSecretsFile(env: RawEnv = process.env, file: string = SECRETS_FILE): "created" | "exists" | "not needed" {
  if (generatedSecretsPlace(withoutBlanks(env)) !== "file") return "not needed";
  const fresh: GeneratedSecrets = { adminToken: newSecret(), signingSecret: newSecret() };
  const cannotWrite = (error: unknown) =>
    new ConfigError(
      `Cannot write ${file} (${(error as NodeJS.ErrnoException).code ?? "unknown error"}), where the embedded database's generated secrets are kept: make its folder writable, or set ADMIN_TOKEN and WALLET_SIGNING_SECRET.`,
    );
  try {
    mkdirSync(path.dirname(file), { recursive: true });
  } catch (error) {
    throw cannotWrite(error);
  }
  // Written whole beside it, then linked into place: the link fails if the file exists, even one made
  // by another process a moment ago, and a reader never sees it half written.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  try {
    writeFileSync(draft, JSON.stringify(fresh, null, 2) + "\n", { mode: 0o600, flag: "wx" });
    linkSync(draft, file);
    return "created";
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return "exists";
    throw cannotWrite(error);
  } finally {
    rmSync(draft, { force: true });
  }
}

/** The generated secrets, or the one line that says why they cannot be had. Never prints the file's content. */
export function readSecretsFile(file: string = SECRETS_FILE): GeneratedSecrets | { problem: string } {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") {
      return {
        problem:
          `ADMIN_TOKEN and WALLET_SIGNING_SECRET are not both set, and ${file}, where the embedded database's generated secrets are kept, does not exist yet: ` +
          "start the app (npm run dev or npm start) or run npm run db:migrate, which create it, or set both.",
      };
    }
    return { problem: `Cannot read ${file} (${code ?? "unknown error"}), where the embedded database's generated secrets are kept: make it readable, or set ADMIN_TOKEN and WALLET_SIGNING_SECRET.` };
  }
  let saved: Partial<GeneratedSecrets> = {};
  try {
    saved = JSON.parse(text) as Partial<GeneratedSecrets>;
  } catch {
    // JSON.parse's own message quotes the text: not printed.
  }
  const valid = (s: unknown): s is string => typeof s === "string" && s.length >= 16 && !/\s/.test(s);
  if (!valid(saved?.adminToken) || !valid(saved?.signingSecret)) {
    return { problem: `${file} does not hold the generated secrets (JSON with adminToken and signingSecret, each at least 16 characters): restore it from a backup, or set ADMIN_TOKEN and WALLET_SIGNING_SECRET.` };
  }
  return { adminToken: saved.adminToken, signingSecret: saved.signingSecret };
}

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { TEST_ONLY } from "@/lib/env";

// The repository holds no secret: no key material, no password in a URL, no literal token or secret
// outside the tests (and the tests' fixed ones say they are test-only), and the places where real
// secrets live on a machine (.data/, .env files) are never tracked.

const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" });
const tracked = git("ls-files", "-z").split("\0").filter(Boolean);
const isTest = (file: string) => /(^|\/)(tests|e2e)\/|\.test\.tsx?$|^playwright\.config\.ts$/.test(file);

/** Text files worth reading: not the lockfile's hashes, not images. */
const textFiles = tracked.filter((f) => !/(^|\/)package-lock\.json$|\.(png|jpe?g|gif|ico|woff2?|svg)$/.test(f));

const KEY_FORMATS: [string, RegExp][] = [
  ["a private key", /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
  ["an AWS access key", /\bAKIA[0-9A-Z]{16}\b/],
  ["a GitHub token", /\b(ghp|gho|ghs|ghu)_[A-Za-z0-9]{36}\b|\bgithub_pat_[A-Za-z0-9_]{40,}/],
  ["a Slack token", /\bxox[abprs]-[A-Za-z0-9-]{10,}/],
  ["a Stripe or OpenAI key", /\b(sk|rk)_live_[A-Za-z0-9]{16,}|\bsk-[A-Za-z0-9]{32,}/],
];
/** user:password@ in a URL, unless the password is a placeholder such as PASSWORD or ${POSTGRES_PASSWORD}. */
const URL_PASSWORD = /[a-z][a-z0-9+.-]*:\/\/[^\s/:@"'`]+:(?!\$\{?[A-Z_]+\}?@|[A-Z_]+@)[^\s/@"'`]+@/g;
/** A literal of 16 or more characters given to a name that says token, secret or password. */
// Documentation shows placeholders and example values (example-launch-token-…), never real ones.
const LITERAL_SECRET = /(token|secret|password)\w*["']?\s*[:=]\s*["'`]([^"'`\s$]{16,})["'`]/gi;

function findings(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const [what, pattern] of KEY_FORMATS) if (pattern.test(text)) found.push(`${file}: ${what}`);
  for (const match of text.matchAll(URL_PASSWORD)) found.push(`${file}: a password in a URL (${match[0].slice(0, 20)}…)`);
  for (const match of text.matchAll(LITERAL_SECRET)) {
    const value = match[2]!;
    if (/^example-/.test(value)) continue;
    if (isTest(file) && (file !== "playwright.config.ts" || TEST_ONLY.test(value))) continue;
    found.push(`${file}: a literal secret for ${match[1]} (${value.slice(0, 6)}…)`);
  }
  return found;
}

describe("the repository", () => {
  it("tracks no secret in any file", () => {
    expect(textFiles.length).toBeGreaterThan(100);
    expect(textFiles.flatMap(findings)).toEqual([]);
  });

  it("would catch one", () => {
    // Put together here so that this file does not hold what it looks for.
    const sample = `const ADMIN_TOKEN = "4f2a9c7d1e8b3a6f5c0d"; url = "postgres://lobby:${"s3cret"}pass@db/lobby"`;
    expect([...sample.matchAll(LITERAL_SECRET)]).toHaveLength(1);
    expect([...sample.matchAll(URL_PASSWORD)]).toHaveLength(1);
    expect([..."postgres://lobby:${POSTGRES_PASSWORD}@db postgres://lobby:PASSWORD@db".matchAll(URL_PASSWORD)]).toHaveLength(0);
  });

  it("ignores and tracks nothing of .data/ or .env files", () => {
    expect(tracked.filter((f) => /(^|\/)\.data\/|(^|\/)\.env/.test(f))).toEqual([]);
    const shouldIgnore = [".data/secrets.json", ".data/pglite/PG_VERSION", ".env", ".env.local", ".env.production", ".env.production.local"];
    const ignored = git("check-ignore", "--no-index", ...shouldIgnore).split("\n").filter(Boolean);
    expect(ignored.sort()).toEqual([...shouldIgnore].sort());
  });
});

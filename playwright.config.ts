import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chromium, defineConfig } from "@playwright/test";

// End-to-end tests in a real Chromium against the production build (`npm run build` first), on a
// fresh in-memory embedded database; with E2E_DATABASE_URL (an empty scratch PostgreSQL database,
// as CI makes), on that database instead.

const PORT = Number(process.env.E2E_PORT ?? 3310);
const DATABASE_URL = process.env.E2E_DATABASE_URL ?? "";
// On PostgreSQL the server runs in production mode (APP_MODE below), which refuses secrets marked
// test-only (lib/config/mode.ts, TEST_ONLY): there, random ones, made once in the runner and inherited
// by its workers through the environment.
if (DATABASE_URL) {
  process.env.E2E_ADMIN_TOKEN ??= randomBytes(24).toString("hex");
  process.env.E2E_WALLET_SECRET ??= randomBytes(24).toString("hex");
  process.env.E2E_METRICS_TOKEN ??= randomBytes(24).toString("hex");
}
export const E2E_ADMIN_TOKEN = DATABASE_URL ? process.env.E2E_ADMIN_TOKEN! : "e2e-admin-token-for-tests-only-0123456789";
export const E2E_WALLET_SECRET = DATABASE_URL ? process.env.E2E_WALLET_SECRET! : "e2e-wallet-secret-for-tests-only-0123456789";
export const E2E_METRICS_TOKEN = DATABASE_URL ? process.env.E2E_METRICS_TOKEN! : "e2e-metrics-token-for-tests-only-0123456789";

/** Chromium to drive: CHROMIUM_PATH, else Debian's, else Playwright's own download, else a clear stop. */
function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/lib/chromium/chromium"].filter(Boolean) as string[];
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  if (existsSync(chromium.executablePath())) return undefined;
  throw new Error(
    "No Chromium for the browser tests. Install one with `sudo apt-get install -y chromium` (Debian, Ubuntu), " +
      "or `npx playwright install chromium` where downloads work, or point CHROMIUM_PATH at a Chromium binary.",
  );
}

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/e2e",
  forbidOnly: !!process.env.CI,
  workers: 2,
  // Time limits here only catch a hang. A journey through several pages takes a busy machine (a
  // newcomer's laptop running other work) several times what it takes a quiet one, so neither the
  // test nor a single expectation is held to a quiet machine's pace.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // CI also writes the counts, which .ci/check-counts.mjs checks (nothing skipped, nothing empty).
  reporter: process.env.CI ? [["list"], ["json", { outputFile: `test-results/e2e${DATABASE_URL ? "-postgres" : ""}.json` }]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: chromiumPath(),
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
    screenshot: "only-on-failure",
  },
  webServer: {
    command: `node node_modules/next/dist/bin/next start -H 127.0.0.1 -p ${PORT}`,
    url: `http://127.0.0.1:${PORT}/v1`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      // Never an inherited DATABASE_URL or mode: only the scratch database named for these tests, run
      // as production runs; the in-memory embedded database in development.
      DATABASE_URL,
      APP_MODE: DATABASE_URL ? "production" : "development",
      PGLITE_DIR: "memory://",
      DEMO: "off",
      ADMIN_TOKEN: E2E_ADMIN_TOKEN,
      WALLET_SIGNING_SECRET: E2E_WALLET_SECRET,
      METRICS_TOKEN: E2E_METRICS_TOKEN,
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_MANUAL_SIG_HANDLE: "1",
      // A busy test machine must not shed the browsers' reads; e2e/live-lobby.spec.ts shows shedding.
      LOBBY_READS_IN_FLIGHT: "100000",
      LOBBY_SHED_DELAY_MS: "600000",
      // The browse test pages through 25 waiting rooms of one player, past the default cap of 20.
      MAX_OPEN_ROOMS_PER_PLAYER: "100",
      // One proxy trusted, so the sign-in lock test can stand at an address of its own (X-Forwarded-For).
      TRUSTED_PROXIES: "1",
      // The demo table on PostgreSQL too (it is on by itself only on the embedded database).
      DEMO_TABLE: "on",
      // The operator's rakes: the create form offers them as a choice (e2e/create-room.spec.ts). Rooms
      // the other journeys make through the API take the default rake, 0, which is one of them.
      ROOM_RAKE_PERCENTAGES: "0,2.5,5",
      // Adjustments above 100 wait for a second person's approval (e2e/admin-roles.spec.ts shows both).
      ADJUSTMENT_APPROVAL_ABOVE: "100",
    },
  },
});

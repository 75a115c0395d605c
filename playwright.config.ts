import { existsSync } from "node:fs";
import { chromium, defineConfig } from "@playwright/test";

// End-to-end tests in a real Chromium against the production build (`npm run build` first), on a
// fresh in-memory embedded database.

const PORT = Number(process.env.E2E_PORT ?? 3310);
// Test-only, and marked so: the app refuses them with DATABASE_URL set (lib/env.ts, TEST_ONLY).
export const E2E_ADMIN_TOKEN = "e2e-admin-token-for-tests-only-0123456789";
export const E2E_WALLET_SECRET = "e2e-wallet-secret-for-tests-only-0123456789";

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
  reporter: [["list"]],
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
      // The fixed secrets above are for this in-memory server only: never inherit a DATABASE_URL.
      DATABASE_URL: "",
      PGLITE_DIR: "memory://",
      ADMIN_TOKEN: E2E_ADMIN_TOKEN,
      WALLET_SIGNING_SECRET: E2E_WALLET_SECRET,
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_MANUAL_SIG_HANDLE: "1",
      // A busy test machine must not shed the browsers' reads; e2e/live-lobby.spec.ts shows shedding.
      LOBBY_READS_IN_FLIGHT: "100000",
      LOBBY_SHED_DELAY_MS: "600000",
      // The browse test pages through 25 waiting rooms of one player, past the default cap of 20.
      MAX_OPEN_ROOMS_PER_PLAYER: "100",
    },
  },
});

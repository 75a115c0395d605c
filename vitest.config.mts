import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // Server modules import "server-only", whose default export throws (it is meant to fail a browser
      // bundle); Next resolves it to its empty module under the `react-server` condition. Tests are
      // server code too: the same empty module.
      "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    // CI also writes the counts, which .ci/check-counts.mjs checks (nothing skipped, no empty file).
    reporters: process.env.CI ? ["default", ["json", { outputFile: "test-results/vitest.json" }]] : ["default"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "db/**/*.test.ts", "scripts/**/*.test.ts", "components/**/*.test.ts", "bench/**/*.test.ts", "tests/support/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Code under test that reads the process's configuration (config()) gets the in-memory
          // database and secrets made in memory: never a database or a mode of the shell's, never .data/.
          env: { PGLITE_DIR: "memory://", DATABASE_URL: "", APP_MODE: "" },
        },
      },
      {
        // HTTP tests against the production build (`npm run build` first), on the embedded database
        // and, when DATABASE_URL_TEST is set, on PostgreSQL too.
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          globalSetup: ["tests/api/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

import { build } from "esbuild";
import { WALLET_LANE_BUNDLE } from "@/lib/runtime/wallet-lane-bundle";

// `npm run build`'s second step: the wallet lane's thread (wallet-lane.ts) as one JavaScript file
// beside the Next.js build, so that a production start, the Docker image's included, runs it without
// the sources or a TypeScript loader. The embedded database's driver stays out: the lane runs on
// PostgreSQL only.

await build({
  entryPoints: ["wallet-lane.ts"],
  outfile: WALLET_LANE_BUNDLE,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // Server modules as the app's server sees them: `server-only` is the empty module there.
  conditions: ["react-server"],
  external: ["@electric-sql/pglite", "@electric-sql/pglite/*"],
  // Bundled CommonJS packages call require().
  banner: { js: "import { createRequire as laneRequire } from 'node:module'; const require = laneRequire(import.meta.url);" },
  logLevel: "warning",
});
console.log(`Wallet lane built: ${WALLET_LANE_BUNDLE}`);

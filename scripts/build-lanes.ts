import { build } from "esbuild";
import { STREAM_LANE_BUNDLE, WALLET_LANE_BUNDLE } from "@/lib/runtime/lane-bundles";

// `npm run build`'s second step: the wallet lane's thread (wallet-lane.ts) and the stream lane's
// process (stream-lane.ts), each as one JavaScript file beside the Next.js build, so that a production
// start, the Docker image's included, runs them without the sources or a TypeScript loader. The
// embedded database's driver stays out: both lanes run on PostgreSQL only.

for (const [entry, outfile] of [
  ["wallet-lane.ts", WALLET_LANE_BUNDLE],
  ["stream-lane.ts", STREAM_LANE_BUNDLE],
] as const) {
  await build({
    entryPoints: [entry],
    outfile,
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
  console.log(`Lane built: ${outfile}`);
}

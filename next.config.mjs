/** @type {import('next').NextConfig} */
const nextConfig = {
  // Standalone output only for the container image (NEXT_OUTPUT=standalone); `next start` and the tests use the normal build.
  ...(process.env.NEXT_OUTPUT === "standalone" ? { output: "standalone" } : {}),
  // PGlite ships WebAssembly and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ["@electric-sql/pglite"],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WebAssembly and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ["@electric-sql/pglite"],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Standalone output only for the container image (NEXT_OUTPUT=standalone); `next start` and the tests use the normal build.
  ...(process.env.NEXT_OUTPUT === "standalone" ? { output: "standalone" } : {}),
  // PGlite ships WebAssembly and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ["@electric-sql/pglite"],
  poweredByHeader: false,
  reactStrictMode: true,
  // Headers every answer gets, pages and API alike, at no per-request cost. The pages' nonce-based
  // Content-Security-Policy comes from proxy.ts.
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          // The launch address carries ?token= until the lobby removes it: no Referer anywhere, not even
          // to this site's own files, whose access logs would keep it.
          { key: "Referrer-Policy", value: "no-referrer" },
          // frame-ancestors 'none' for browsers too old for CSP.
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
    ];
  },
};

export default nextConfig;

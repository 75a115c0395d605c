# syntax=docker/dockerfile:1
# Node 24, an LTS line supported until April 2028 (Node 20 reached its end of life on 2026-04-30).
# Production image from Next.js's standalone output. Build: docker build -t room-lobby .

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# `npm install`, not `npm ci`: the lockfile lacks other platforms' optional packages (e.g. Linux builds of native tools).
RUN npm install --no-audit --no-fund

FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 \
    NEXT_OUTPUT=standalone
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS runtime
WORKDIR /app
# NEXT_MANUAL_SIG_HANDLE: the app drains requests and closes the database on SIGTERM itself (lib/server/start.ts); Next must not exit first.
# APP_MODE=production: the image is for production, which needs DATABASE_URL, ADMIN_TOKEN and
# WALLET_SIGNING_SECRET and refuses to start without them (override it only for a development database).
ENV NODE_ENV=production \
    APP_MODE=production \
    NEXT_TELEMETRY_DISABLED=1 \
    NEXT_MANUAL_SIG_HANDLE=1 \
    HOSTNAME=0.0.0.0 \
    PORT=3000
# The standalone trace already holds server.js, the traced node_modules (including
# @electric-sql/pglite with its .wasm and .data files) and db/migrations; static assets are not traced.
# Files stay owned by root, so the app cannot rewrite its own code.
COPY --from=build /app/.next/standalone ./
COPY --from=build /app/.next/static ./.next/static
# The wallet lane's thread (WALLET_PORT) and the stream lane's process (live updates on PostgreSQL),
# bundled by npm run build beside the Next.js build.
COPY --from=build /app/.next/wallet-lane.mjs /app/.next/stream-lane.mjs ./.next/
COPY --from=build /app/public ./public
# Migrations are read at run time from ./db/migrations: copied explicitly in case the trace ever misses them.
COPY --from=build /app/db/migrations ./db/migrations
# Writable only where the app writes: Next's cache and .data (embedded PGlite and its generated secrets, in development only).
RUN mkdir -p .next/cache .data && chown node:node .next/cache .data
USER node
EXPOSE 3000
# /v1/ready answers 200 only while the database answers and no migration is pending; slim images have
# no curl, so node's fetch asks.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/v1/ready').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and gets SIGTERM directly; the app's own handler closes the database and exits.
CMD ["node", "server.js"]

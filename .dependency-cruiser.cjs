// Boundaries, checked by `npm run check:boundaries` (dependency-cruiser; docs/architecture.md, "Boundaries").
//
// Layers, top to bottom: a folder may import the folders below it, never one above.
//
//   app/, instrumentation.ts, proxy.ts, scripts/, bench/   entry points
//   lib/server          start, the front door, readiness, the demo lobby, /metrics gauges
//   lib/http            the route wrappers (they authenticate through the domains)
//   lib/api             the list of endpoints, the OpenAPI document
//   lib/dashboard, lib/demo-table, lib/security
//   lib/admin           the console's use-cases, over every domain below
//   lib/live            event streams: room batches read through lib/rooms; players online, the lobby's counts
//   lib/platform        room events pushed and pulled, game sessions resolved
//   lib/reports
//   lib/operators       the operator's team: roles, passwords, TOTP, console sessions, API tokens
//   lib/players         players, launch tokens, authentication, the player's own limits
//   lib/wallet          the platform's wallet calls, ledger listings
//   lib/rooms           rooms, the list cache, room changes heard, room events written (the outbox)
//   lib/ledger          the one place money moves: movements, bets (and the player's limits on them), refunds, balances
//   lib/idempotency     money actions kept once per Idempotency-Key, in their own transaction
//   lib/throttle
//   lib/runtime         this process's database and listens, requests in flight, lobby load, report lane
//   lib/observability   log lines and metrics
//   lib/env.ts, lib/config/, lib/deadline.ts, lib/ids.ts    configuration, small server helpers
//   lib/process         the one registry of process state
//   db/                 schema, migrations, the connection factory: imports nothing from lib/
//   both runtimes       lib/contract, lib/shared, lib/money, lib/i18n, lib/validation, lib/errors.ts,
//                       lib/pagination.ts, lib/page-size.ts, lib/csv.ts
//
// Browser code (components/, lib/client/, app/**/error.tsx) imports browser code and the
// both-runtime modules; from anything else only types (`import type`).
// The folder cycle rule is what holds the layers; the others say what it cannot.

/** Code that runs in the browser: every "use client" module is here (tests/support/boundaries.test.ts checks it). */
const BROWSER = ["^components/", "^lib/client/", "^app/(|.*/)(global-)?error[.]tsx$"];

/** Pure code for both runtimes: browser code may import it, and it imports nothing but its own kind. */
const BOTH_RUNTIMES = [
  "^lib/contract/",
  "^lib/shared/",
  "^lib/money/",
  "^lib/i18n/",
  "^lib/validation/",
  "^lib/(errors|pagination|page-size|csv)[.]ts$",
];

/** The bottom of lib/: what every layer above may read. Root files of lib/ belong here, as the folder rule cannot see them. */
const FOUNDATION = [...BOTH_RUNTIMES, "^lib/[^/]+[.]ts$", "^lib/process/", "^lib/config/"];

/** Our own code: whatever is not a package or a Node module. */
const OWN_CODE = "^(app|components|db|lib|scripts|bench|tests|e2e)/|^[^/]+[.]tsx?$";

/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "browser-imports-server",
      comment:
        "Browser code imports browser code and lib/contract, lib/shared and the other both-runtime modules; anything else only as `import type`.",
      severity: "error",
      from: { path: BROWSER },
      to: { path: OWN_CODE, pathNot: [...BROWSER, ...BOTH_RUNTIMES], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "browser-imports-node",
      comment: "Browser code, and the both-runtime code it may import, never imports Node's own modules.",
      severity: "error",
      from: { path: [...BROWSER, ...BOTH_RUNTIMES] },
      to: { dependencyTypes: ["core"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "browser-imports-server-package",
      comment: "Browser code, and the both-runtime code it may import, never imports the database drivers, Drizzle or server-only.",
      severity: "error",
      from: { path: [...BROWSER, ...BOTH_RUNTIMES] },
      to: { path: "node_modules/(postgres|@electric-sql/pglite|drizzle-orm|drizzle-kit|server-only)/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "both-runtimes-imports-server",
      comment: "A both-runtime module imports only both-runtime modules (and packages), so what browser code may import stays safe to bundle.",
      severity: "error",
      from: { path: BOTH_RUNTIMES },
      to: { path: OWN_CODE, pathNot: BOTH_RUNTIMES, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "foundation-imports-up",
      comment: "lib/'s root files, lib/process and lib/config import only each other and the both-runtime modules.",
      severity: "error",
      from: { path: FOUNDATION },
      to: { path: OWN_CODE, pathNot: FOUNDATION, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "db-imports-lib",
      comment: "db/ (schema, migrations, connection factory, seeds) imports nothing from lib/: lib/ builds on db/, never the reverse.",
      severity: "error",
      from: { path: "^db/" },
      to: { path: "^lib/" },
    },
    {
      name: "folder-cycle",
      comment: "Folders import each other one way only (the layers above).",
      severity: "error",
      scope: "folder",
      from: {},
      to: { circular: true },
    },
    {
      name: "module-cycle",
      comment: "No module reaches itself through its imports.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Type-only imports are seen (and marked), so rules can allow them by name.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    exclude: { path: ["[.]test[.]tsx?$", "^tests/", "^e2e/", "^[.]next/"] },
    doNotFollow: { path: "node_modules" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
    progress: { type: "none" },
  },
};

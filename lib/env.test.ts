import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, ensureSecretsFile, parseConfig } from "./env";

const SECRET = "0123456789abcdef0123";
/** The wallet's, which no console or metrics credential may share. */
const SIGNING = "fedcba9876543210fedc";
const PRODUCTION = { APP_MODE: "production", DATABASE_URL: "postgres://db.example.com/lobby" };

describe("parseConfig", () => {
  it("runs on the embedded database by default, with generated secrets in memory for memory://", () => {
    const config = parseConfig({ PGLITE_DIR: "memory://" });
    expect(config.database).toEqual({ kind: "embedded", dir: "memory://" });
    expect(config.adminToken).toMatch(/^[0-9a-f]{64}$/);
    expect(config.walletSigningSecrets).toHaveLength(1);
    expect(config.generatedSecrets).toBe("created");
  });

  it("refuses production without both secrets, naming them", () => {
    expect(() => parseConfig(PRODUCTION)).toThrow(/^ADMIN_TOKEN and WALLET_SIGNING_SECRET must be set in production \(APP_MODE=production\)/);
    expect(() => parseConfig({ ...PRODUCTION, ADMIN_TOKEN: SECRET })).toThrow(/^WALLET_SIGNING_SECRET must be set/);
    expect(() => parseConfig({ ...PRODUCTION, WALLET_SIGNING_SECRET: SECRET })).toThrow(ConfigError);
  });

  it("reads production settings, with several signing secrets for a rotation", () => {
    const config = parseConfig({
      ...PRODUCTION,
      ADMIN_TOKEN: SECRET,
      WALLET_SIGNING_SECRET: ` ${SIGNING}, ${SIGNING}-next `,
      PUBLIC_URL: "https://lobby.example.com/",
    });
    expect(config).toMatchObject({
      mode: "production",
      database: { kind: "postgres", url: "postgres://db.example.com/lobby" },
      adminToken: SECRET,
      walletSigningSecrets: [SIGNING, `${SIGNING}-next`],
      publicUrl: "https://lobby.example.com",
      generatedSecrets: "none",
    });
  });

  it("reads the live lobby's limits, with defaults that keep lobby reads near the database pool", () => {
    expect(parseConfig({ PGLITE_DIR: "memory://" })).toMatchObject({
      live: { perPlayer: 5, perInstance: 10_000 },
      lobby: { readsInFlight: 16, shedDelayMs: 150 },
    });
    const set = parseConfig({ PGLITE_DIR: "memory://", LIVE_STREAMS_PER_PLAYER: "2", LIVE_STREAMS_PER_INSTANCE: "300", LOBBY_READS_IN_FLIGHT: "4", LOBBY_SHED_DELAY_MS: "80" });
    expect(set).toMatchObject({ live: { perPlayer: 2, perInstance: 300 }, lobby: { readsInFlight: 4, shedDelayMs: 80 } });
  });

  it.each([
    [{ LIVE_STREAMS_PER_PLAYER: "0" }, /LIVE_STREAMS_PER_PLAYER must be at least 1/],
    [{ LIVE_STREAMS_PER_INSTANCE: "many" }, /^LIVE_STREAMS_PER_INSTANCE: LIVE_STREAMS_PER_INSTANCE must be a whole number$/],
    [{ LOBBY_READS_IN_FLIGHT: "1.5" }, /^LOBBY_READS_IN_FLIGHT: LOBBY_READS_IN_FLIGHT must be a whole number$/],
    [{ PORT: "http" }, /^PORT: PORT must be a whole number$/],
    [{ PORT: "70000" }, /^PORT: PORT must be at most 65535$/],
    [{ LOBBY_SHED_DELAY_MS: "5" }, /LOBBY_SHED_DELAY_MS must be at least 10/],
  ])("refuses the live limit %o", (env, message) => {
    expect(() => parseConfig({ PGLITE_DIR: "memory://", ...env })).toThrow(message);
  });

  it.each([
    [{ ADMIN_TOKEN: "short" }, /ADMIN_TOKEN must be at least 16 characters/],
    [{ ADMIN_TOKEN: "abcdefgh ijklmnopqrst" }, /ADMIN_TOKEN must not contain spaces/],
    [{ MAX_OPEN_ROOMS_PER_PLAYER: "0" }, /MAX_OPEN_ROOMS_PER_PLAYER must be at least 1/],
    [{ WALLET_SIGNING_SECRET: `${SECRET},short` }, /WALLET_SIGNING_SECRET must be at least 16/],
    [{ PUBLIC_URL: "lobby.example.com" }, /PUBLIC_URL/],
    [{ DATABASE_URL: "not a url" }, /DATABASE_URL/],
  ])("refuses %j with a clear line", (env, message) => {
    expect(() => parseConfig({ PGLITE_DIR: "memory://", ...env })).toThrow(message);
  });
});

describe("secrets in errors and test-only secrets", () => {
  const problem = (env: Record<string, string>) => {
    try {
      parseConfig({ PGLITE_DIR: "memory://", ...env });
      return "none";
    } catch (error) {
      return (error as Error).message;
    }
  };

  it.each([
    ["a short admin token", { ADMIN_TOKEN: "Sh0rtSecret-9x" }, "Sh0rtSecret-9x"],
    ["a short signing secret in a list", { WALLET_SIGNING_SECRET: `${SECRET},Sh0rtSecret-9x` }, "Sh0rtSecret-9x"],
    ["a bad database URL with a password", { DATABASE_URL: "lobby:Hunter2Hunter2@db" }, "Hunter2Hunter2"],
    ["a test-only admin token in production", { ...PRODUCTION, ADMIN_TOKEN: "e2e-admin-token-for-tests-only-0123", WALLET_SIGNING_SECRET: SECRET }, "e2e-admin-token"],
  ])("refuses %s without printing it", (_, env, value) => {
    const message = problem(env);
    expect(message).not.toBe("none");
    expect(message).not.toContain(value);
  });

  it("refuses the browser tests' fixed secrets in production and on PostgreSQL, and takes them on the embedded database", () => {
    const e2e = { ADMIN_TOKEN: "e2e-admin-token-for-tests-only-0123456789", WALLET_SIGNING_SECRET: "e2e-wallet-secret-for-tests-only-0123456789" };
    expect(problem({ ...PRODUCTION, ...e2e })).toMatch(/^ADMIN_TOKEN and WALLET_SIGNING_SECRET hold a test-only value, which production refuses/);
    expect(problem({ ...PRODUCTION, ADMIN_TOKEN: SECRET, WALLET_SIGNING_SECRET: `${SIGNING},${e2e.WALLET_SIGNING_SECRET}` })).toBe(
      "WALLET_SIGNING_SECRET holds a test-only value, which production refuses. Generate each with: openssl rand -hex 32",
    );
    expect(problem(e2e)).toBe("none");
    expect(problem({ ...PRODUCTION, APP_MODE: "development", ...e2e })).toMatch(/^ADMIN_TOKEN and WALLET_SIGNING_SECRET hold a test-only value, which PostgreSQL refuses/);
  });
});

describe("the reality check", () => {
  it("comes every 60 minutes unless set, and 0 turns it off", () => {
    expect(parseConfig({ PGLITE_DIR: "memory://" }).realityCheckMinutes).toBe(60);
    expect(parseConfig({ PGLITE_DIR: "memory://", REALITY_CHECK_MINUTES: "0" }).realityCheckMinutes).toBe(0);
    expect(parseConfig({ PGLITE_DIR: "memory://", REALITY_CHECK_MINUTES: "30" }).realityCheckMinutes).toBe(30);
  });
  it.each([
    ["-1", /REALITY_CHECK_MINUTES must be 0 \(off\) or more/],
    ["1441", /REALITY_CHECK_MINUTES must be at most 1440/],
    ["1.5", /REALITY_CHECK_MINUTES must be a whole number/],
  ])("refuses %s", (value, message) => {
    expect(() => parseConfig({ PGLITE_DIR: "memory://", REALITY_CHECK_MINUTES: value })).toThrow(message);
  });
});

describe("the metrics token, and secrets that open one thing each", () => {
  const production = { ...PRODUCTION, ADMIN_TOKEN: SECRET, WALLET_SIGNING_SECRET: `${SIGNING},${SIGNING}-next` };
  const METRICS = "a-metrics-token-of-the-config-test";
  const problems = (env: Record<string, string>) => {
    try {
      parseConfig(env);
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  it("is unset by default, which turns /metrics off, and generated nowhere", () => {
    expect(parseConfig({ PGLITE_DIR: "memory://" }).metricsToken).toBeUndefined();
    expect(parseConfig(production).metricsToken).toBeUndefined();
    expect(parseConfig({ ...production, METRICS_TOKEN: METRICS }).metricsToken).toBe(METRICS);
    expect(parseConfig({ PGLITE_DIR: "memory://", METRICS_TOKEN: METRICS }).metricsToken).toBe(METRICS);
  });

  it.each([
    [{ METRICS_TOKEN: "short-token" }, "METRICS_TOKEN: METRICS_TOKEN must be at least 16 characters long; generate one with: openssl rand -hex 32"],
    [{ METRICS_TOKEN: "a metrics token with spaces" }, "METRICS_TOKEN: METRICS_TOKEN must not contain spaces or other whitespace; generate one with: openssl rand -hex 32"],
    [{ METRICS_TOKEN: "e2e-metrics-token-for-tests-only-0123456789" }, "METRICS_TOKEN holds a test-only value, which production refuses. Generate each with: openssl rand -hex 32"],
    [{ METRICS_TOKEN: SECRET }, "METRICS_TOKEN must differ from ADMIN_TOKEN: it only reads /metrics, and the scraper that holds it must hold nothing else. Generate each with: openssl rand -hex 32"],
    [{ METRICS_TOKEN: `${SIGNING}-next` }, "METRICS_TOKEN must differ from WALLET_SIGNING_SECRET: it only reads /metrics, and the scraper that holds it must hold nothing else. Generate each with: openssl rand -hex 32"],
    [
      { METRICS_TOKEN: METRICS, PLATFORM_EVENTS_SECRET: METRICS },
      "METRICS_TOKEN must differ from PLATFORM_EVENTS_SECRET: it only reads /metrics, and the scraper that holds it must hold nothing else. Generate each with: openssl rand -hex 32",
    ],
  ])("refuses %j in production with one line", (setting, line) => {
    expect(problems({ ...production, ...setting })).toEqual([line]);
  });

  it("refuses an ADMIN_TOKEN that signs the platform's calls, in any mode", () => {
    const line = (what: string) => `ADMIN_TOKEN must differ from ${what}: no console credential may sign the platform's calls. Generate each with: openssl rand -hex 32`;
    expect(problems({ ...production, WALLET_SIGNING_SECRET: `${SIGNING},${SECRET}` })).toEqual([line("WALLET_SIGNING_SECRET")]);
    expect(problems({ ...production, PLATFORM_EVENTS_SECRET: SECRET })).toEqual([line("PLATFORM_EVENTS_SECRET")]);
    expect(problems({ PGLITE_DIR: "memory://", ADMIN_TOKEN: SECRET, WALLET_SIGNING_SECRET: SECRET })).toEqual([line("WALLET_SIGNING_SECRET")]);
    // One secret everywhere: each credential's line names all it shares.
    expect(problems({ ...production, WALLET_SIGNING_SECRET: SECRET, PLATFORM_EVENTS_SECRET: SECRET, METRICS_TOKEN: SECRET })).toEqual([
      line("WALLET_SIGNING_SECRET and PLATFORM_EVENTS_SECRET"),
      expect.stringMatching(/^METRICS_TOKEN must differ from ADMIN_TOKEN, WALLET_SIGNING_SECRET and PLATFORM_EVENTS_SECRET: /),
    ]);
  });

  it("names every test-only secret in one line, never printing one", () => {
    const e2e = { ADMIN_TOKEN: "e2e-admin-token-for-tests-only-0123456789", WALLET_SIGNING_SECRET: "e2e-wallet-secret-for-tests-only-0123456789", METRICS_TOKEN: "e2e-metrics-token-for-tests-only-0123456789" };
    const lines = problems({ ...PRODUCTION, ...e2e });
    expect(lines).toEqual(["ADMIN_TOKEN, WALLET_SIGNING_SECRET and METRICS_TOKEN hold a test-only value, which production refuses. Generate each with: openssl rand -hex 32"]);
    expect(problems({ PGLITE_DIR: "memory://", ...e2e })).toEqual([]);
  });
});

describe("wallet settings", () => {
  it("default to no timestamp window, a 5 s deadline and no cap on one credit beyond a round's pot", () => {
    expect(parseConfig({ PGLITE_DIR: "memory://" }).wallet).toEqual({ timestampToleranceSeconds: 0, deadlineMs: 5000, maxCredit: undefined });
  });
  it("take a cap on one credit as an amount, and refuse anything else", () => {
    expect(parseConfig({ PGLITE_DIR: "memory://", WALLET_MAX_CREDIT: "2500.50" }).wallet.maxCredit).toBe("2500.50");
    for (const bad of ["-5", "1e6", "5,000", "abc"]) expect(() => parseConfig({ PGLITE_DIR: "memory://", WALLET_MAX_CREDIT: bad })).toThrow(/WALLET_MAX_CREDIT must be an amount such as 5000/);
    expect(() => parseConfig({ PGLITE_DIR: "memory://", WALLET_MAX_CREDIT: "0" })).toThrow(/WALLET_MAX_CREDIT must be more than 0/);
  });
  it("take a configured window, and refuse a negative one or a tiny deadline", () => {
    expect(parseConfig({ PGLITE_DIR: "memory://", WALLET_TIMESTAMP_TOLERANCE_SECONDS: "300" }).wallet.timestampToleranceSeconds).toBe(300);
    expect(() => parseConfig({ PGLITE_DIR: "memory://", WALLET_TIMESTAMP_TOLERANCE_SECONDS: "-1" })).toThrow(/0 \(off\) or more/);
    expect(() => parseConfig({ PGLITE_DIR: "memory://", WALLET_DEADLINE_MS: "10" })).toThrow(/at least 100/);
  });
});

describe("adjustment approval", () => {
  it("is off by default: every adjustment applies at once", () => {
    expect(parseConfig({ PGLITE_DIR: "memory://" }).adjustmentApprovalAbove).toBeUndefined();
  });
  it("takes an amount, 0 included (every adjustment waits), and refuses anything else", () => {
    expect(parseConfig({ PGLITE_DIR: "memory://", ADJUSTMENT_APPROVAL_ABOVE: "250.50" }).adjustmentApprovalAbove).toBe("250.50");
    expect(parseConfig({ PGLITE_DIR: "memory://", ADJUSTMENT_APPROVAL_ABOVE: "0" }).adjustmentApprovalAbove).toBe("0");
    for (const bad of ["-5", "1e6", "5,000", "abc"]) {
      expect(() => parseConfig({ PGLITE_DIR: "memory://", ADJUSTMENT_APPROVAL_ABOVE: bad })).toThrow(/ADJUSTMENT_APPROVAL_ABOVE must be an amount such as 500/);
    }
  });
});

describe("throttle settings", () => {
  it("default to limits per scope, sign-in the strictest, and no trusted proxy", () => {
    const config = parseConfig({ PGLITE_DIR: "memory://" });
    expect(config.trustedProxies).toBe(0);
    expect(config.throttle).toEqual({
      player_token: { failures: 60, windowSeconds: 60 },
      admin_token: { failures: 20, windowSeconds: 300 },
      admin_sign_in: { failures: 5, windowSeconds: 900 },
      wallet_signature: { failures: 30, windowSeconds: 60 },
    });
  });

  it("read a limit per scope, or off", () => {
    const config = parseConfig({ PGLITE_DIR: "memory://", THROTTLE_ADMIN_SIGN_IN: "3/3600", THROTTLE_PLAYER_TOKEN: "off", TRUSTED_PROXIES: "2" });
    expect(config.throttle.admin_sign_in).toEqual({ failures: 3, windowSeconds: 3600 });
    expect(config.throttle.player_token).toBeUndefined();
    expect(config.trustedProxies).toBe(2);
  });

  it.each([
    [{ THROTTLE_WALLET_SIGNATURE: "30" }, /THROTTLE_WALLET_SIGNATURE.*failures\/seconds/],
    [{ THROTTLE_ADMIN_TOKEN: "0/60" }, /THROTTLE_ADMIN_TOKEN/],
    [{ TRUSTED_PROXIES: "-1" }, /TRUSTED_PROXIES must be 0 or more/],
    [{ TRUSTED_PROXIES: "one" }, /TRUSTED_PROXIES/],
  ])("refuses %j with a clear line", (env, message) => {
    expect(() => parseConfig({ PGLITE_DIR: "memory://", ...env })).toThrow(message);
  });
});

describe("the way to the game", () => {
  const production = { ...PRODUCTION, ADMIN_TOKEN: SECRET, WALLET_SIGNING_SECRET: `${SIGNING},${SIGNING}-next` };

  it("pushes nothing by default, signs events with the first wallet secret, and serves the demo table only on the embedded database", () => {
    expect(parseConfig({ PGLITE_DIR: "memory://", WALLET_SIGNING_SECRET: SIGNING }).platform).toEqual({
      eventsUrl: undefined,
      eventsSecret: SIGNING,
      gameLaunchUrl: undefined,
      demoTable: true,
      sessionSeconds: 600,
    });
    expect(parseConfig(production).platform).toMatchObject({ eventsSecret: SIGNING, demoTable: false });
    expect(parseConfig({ ...production, DEMO_TABLE: "on" }).platform.demoTable).toBe(true);
    expect(parseConfig({ PGLITE_DIR: "memory://", DEMO_TABLE: "off" }).platform.demoTable).toBe(false);
  });

  it("takes the platform's addresses and secret; a game address puts the demo table away", () => {
    const config = parseConfig({
      ...production,
      PLATFORM_EVENTS_URL: "https://games.example.com/lobby-events",
      PLATFORM_EVENTS_SECRET: `${SECRET}-events`,
      GAME_LAUNCH_URL: "https://games.example.com/table?room={room_id}&session={session_id}",
      GAME_SESSION_MINUTES: "30",
      DEMO_TABLE: "on",
    });
    expect(config.platform).toEqual({
      eventsUrl: "https://games.example.com/lobby-events",
      eventsSecret: `${SECRET}-events`,
      gameLaunchUrl: "https://games.example.com/table?room={room_id}&session={session_id}",
      demoTable: false,
      sessionSeconds: 1800,
    });
  });

  it.each([
    [{ PLATFORM_EVENTS_URL: "games.example.com/events" }, /PLATFORM_EVENTS_URL must be an absolute http\(s\) URL/],
    [{ PLATFORM_EVENTS_URL: "ftp://games.example.com/events" }, /PLATFORM_EVENTS_URL must be an http\(s\) URL/],
    [{ PLATFORM_EVENTS_SECRET: "short" }, /PLATFORM_EVENTS_SECRET must be at least 16 characters/],
    [{ GAME_LAUNCH_URL: "https://games.example.com/table?room={room_id}" }, /GAME_LAUNCH_URL must be an http\(s\) address with \{session_id\}/],
    [{ GAME_SESSION_MINUTES: "0" }, /GAME_SESSION_MINUTES must be at least 1/],
    [{ DEMO_TABLE: "yes" }, /DEMO_TABLE must be on or off/],
  ])("refuses %j with a line that says what to fix", (setting, message) => {
    expect(() => parseConfig({ ...production, ...setting })).toThrow(message);
  });
});

describe("the mode, said by APP_MODE", () => {
  const url = "postgres://db.example.com/lobby";
  const secrets = { ADMIN_TOKEN: SECRET, WALLET_SIGNING_SECRET: SIGNING };

  it("is development by default on the embedded database, and never guessed from DATABASE_URL", () => {
    expect(parseConfig({ PGLITE_DIR: "memory://" }).mode).toBe("development");
    expect(() => parseConfig({ DATABASE_URL: url, ...secrets })).toThrow(
      new ConfigError("APP_MODE is unset but DATABASE_URL is set: say APP_MODE=production, or APP_MODE=development for a development PostgreSQL."),
    );
    expect(parseConfig({ APP_MODE: "production", DATABASE_URL: url, ...secrets }).mode).toBe("production");
  });

  it("runs development on PostgreSQL with secrets set, never test-only ones, and never generates them there", () => {
    const config = parseConfig({ APP_MODE: "development", DATABASE_URL: url, ...secrets });
    expect(() => parseConfig({ APP_MODE: "development", DATABASE_URL: url, ADMIN_TOKEN: SECRET, WALLET_SIGNING_SECRET: "e2e-wallet-secret-for-tests-only-0123456789" })).toThrow(
      /^WALLET_SIGNING_SECRET holds a test-only value, which PostgreSQL refuses \(DATABASE_URL is set\)/,
    );
    expect(config).toMatchObject({ mode: "development", database: { kind: "postgres", url }, generatedSecrets: "none" });
    expect(() => parseConfig({ APP_MODE: "development", DATABASE_URL: url })).toThrow(
      /^ADMIN_TOKEN and WALLET_SIGNING_SECRET must be set on PostgreSQL \(DATABASE_URL is set\): secrets are generated only for the embedded database in development/,
    );
  });

  it.each([
    [{ APP_MODE: "production", PGLITE_DIR: "memory://", ...secrets }, /^APP_MODE=production needs DATABASE_URL: production runs on PostgreSQL/],
    [{ APP_MODE: "prod", PGLITE_DIR: "memory://" }, /^APP_MODE: APP_MODE must be production or development$/],
    [{ APP_MODE: "development", INSTANCE_ROLE: "wallet", PGLITE_DIR: "memory://" }, /^INSTANCE_ROLE=wallet needs DATABASE_URL/],
    [{ APP_MODE: "development", WALLET_PORT: "3001", PGLITE_DIR: "memory://" }, /^WALLET_PORT needs DATABASE_URL: the wallet lane is a thread/],
    [{ APP_MODE: "production", DATABASE_URL: url, ...secrets, WALLET_PORT: "3001", INSTANCE_ROLE: "lobby" }, /^WALLET_PORT serves the wallet, which INSTANCE_ROLE=lobby does not/],
    [{ APP_MODE: "production", DATABASE_URL: url, ...secrets, WALLET_PORT: "3000" }, /^WALLET_PORT must differ from the main port \(3000\)/],
    [{ APP_MODE: "production", DATABASE_URL: url, ...secrets, WALLET_PORT: "70000" }, /^WALLET_PORT: WALLET_PORT must be at most 65535/],
  ])("refuses %j with a line that says what to fix", (env, message) => {
    expect(() => parseConfig(env)).toThrow(message);
  });

  it("lists every problem at once, one line each", () => {
    let error: ConfigError | undefined;
    try {
      parseConfig({ DATABASE_URL: url, ADMIN_TOKEN: "short", PORT: "many", INSTANCE_ROLE: "cashier" });
    } catch (thrown) {
      error = thrown as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.problems).toEqual([
      expect.stringMatching(/^ADMIN_TOKEN: ADMIN_TOKEN must be at least 16 characters/),
      "PORT: PORT must be a whole number",
      expect.stringMatching(/^INSTANCE_ROLE: INSTANCE_ROLE must be all, wallet or lobby/),
      expect.stringMatching(/^APP_MODE is unset but DATABASE_URL is set/),
      expect.stringMatching(/^WALLET_SIGNING_SECRET must be set on PostgreSQL/),
    ]);
    expect(error!.message).toBe(error!.problems.join("\n"));
  });
});

describe("the embedded database's secrets file", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "lobby-env-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let n = 0;
  /** A secrets file of the test's own, in a folder that does not exist yet. */
  const fresh = () => path.join(dir, `case-${++n}`, ".data", "secrets.json");
  const embedded = { PGLITE_DIR: path.join(dir, "pglite") };

  it("is never written by reading the configuration: a missing one stops the start, saying what to run", () => {
    const file = fresh();
    expect(() => parseConfig(embedded, { secretsFile: file })).toThrow(
      new ConfigError(
        `ADMIN_TOKEN and WALLET_SIGNING_SECRET are not both set, and ${file}, where the embedded database's generated secrets are kept, does not exist yet: ` +
          "start the app (npm run dev or npm start) or run npm run db:migrate, which create it, or set both.",
      ),
    );
    expect(existsSync(file)).toBe(false);
    expect(existsSync(path.dirname(file))).toBe(false);
  });

  it("is made by the start-up step, mode 0600, once; then read, the environment's secrets first", () => {
    const file = fresh();
    expect(ensureSecretsFile(embedded, file)).toBe("created");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(file, "utf8")) as { adminToken: string; signingSecret: string };
    expect(saved).toEqual({ adminToken: expect.stringMatching(/^[0-9a-f]{64}$/), signingSecret: expect.stringMatching(/^[0-9a-f]{64}$/) });

    expect(ensureSecretsFile(embedded, file)).toBe("exists");
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(saved);
    expect(parseConfig(embedded, { secretsFile: file })).toMatchObject({
      mode: "development",
      database: { kind: "embedded", dir: embedded.PGLITE_DIR },
      adminToken: saved.adminToken,
      walletSigningSecrets: [saved.signingSecret],
      generatedSecrets: "loaded",
    });
    expect(parseConfig({ ...embedded, ADMIN_TOKEN: SECRET }, { secretsFile: file })).toMatchObject({ adminToken: SECRET, walletSigningSecrets: [saved.signingSecret] });
  });

  it.each([
    ["memory://", { PGLITE_DIR: "memory://" }],
    ["both secrets set", { ...embedded, ADMIN_TOKEN: SECRET, WALLET_SIGNING_SECRET: SECRET }],
    ["PostgreSQL in development", { APP_MODE: "development", DATABASE_URL: "postgres://db.example.com/lobby" }],
    ["production", PRODUCTION],
    ["DATABASE_URL with no mode", { DATABASE_URL: "postgres://db.example.com/lobby" }],
  ])("is not made for %s", (_, env) => {
    const file = fresh();
    expect(ensureSecretsFile(env, file)).toBe("not needed");
    expect(existsSync(file)).toBe(false);
  });

  it("that does not hold the secrets stops the start without printing what it holds", () => {
    const file = fresh();
    ensureSecretsFile(embedded, file);
    writeFileSync(file, '{"adminToken": "Hunter2Hunter2Hunter2"');
    expect(() => parseConfig(embedded, { secretsFile: file })).toThrow(/does not hold the generated secrets .*restore it from a backup, or set ADMIN_TOKEN and WALLET_SIGNING_SECRET/);
    try {
      parseConfig(embedded, { secretsFile: file });
    } catch (error) {
      expect((error as Error).message).not.toContain("Hunter2");
    }
  });

  it("that cannot be written stops the start with a clear line", () => {
    const blocker = path.join(dir, "a-file");
    writeFileSync(blocker, "");
    expect(() => ensureSecretsFile(embedded, path.join(blocker, "secrets.json"))).toThrow(/^Cannot write .*\((EEXIST|ENOTDIR)\).*set ADMIN_TOKEN and WALLET_SIGNING_SECRET\.$/);
  });
});

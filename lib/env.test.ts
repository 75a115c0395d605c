import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./env";

const SECRET = "0123456789abcdef0123";

describe("parseConfig", () => {
  it("runs on the embedded database by default, with generated secrets in memory for memory://", () => {
    const config = parseConfig({ PGLITE_DIR: "memory://" });
    expect(config.database).toEqual({ kind: "embedded", dir: "memory://" });
    expect(config.adminToken).toMatch(/^[0-9a-f]{64}$/);
    expect(config.walletSigningSecrets).toHaveLength(1);
    expect(config.generatedSecrets).toBe("created");
  });

  it("refuses production without both secrets, naming them", () => {
    const url = "postgres://db.example.com/lobby";
    expect(() => parseConfig({ DATABASE_URL: url })).toThrow(/ADMIN_TOKEN and WALLET_SIGNING_SECRET must be set/);
    expect(() => parseConfig({ DATABASE_URL: url, ADMIN_TOKEN: SECRET })).toThrow(/WALLET_SIGNING_SECRET must be set/);
    expect(() => parseConfig({ DATABASE_URL: url, WALLET_SIGNING_SECRET: SECRET })).toThrow(ConfigError);
  });

  it("reads production settings, with several signing secrets for a rotation", () => {
    const config = parseConfig({
      DATABASE_URL: "postgres://db.example.com/lobby",
      ADMIN_TOKEN: SECRET,
      WALLET_SIGNING_SECRET: ` ${SECRET}, ${SECRET}-next `,
      PUBLIC_URL: "https://lobby.example.com/",
    });
    expect(config).toMatchObject({
      database: { kind: "postgres", url: "postgres://db.example.com/lobby" },
      adminToken: SECRET,
      walletSigningSecrets: [SECRET, `${SECRET}-next`],
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
    [{ LIVE_STREAMS_PER_INSTANCE: "many" }, /LIVE_STREAMS_PER_INSTANCE/],
    [{ LOBBY_READS_IN_FLIGHT: "1.5" }, /LOBBY_READS_IN_FLIGHT/],
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
  const url = "postgres://db.example.com/lobby";
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
    ["a test-only admin token in production", { DATABASE_URL: url, ADMIN_TOKEN: "e2e-admin-token-for-tests-only-0123", WALLET_SIGNING_SECRET: SECRET }, "e2e-admin-token"],
  ])("refuses %s without printing it", (_, env, value) => {
    const message = problem(env);
    expect(message).not.toBe("none");
    expect(message).not.toContain(value);
  });

  it("refuses the browser tests' fixed secrets in production, and takes them on the embedded database", () => {
    const e2e = { ADMIN_TOKEN: "e2e-admin-token-for-tests-only-0123456789", WALLET_SIGNING_SECRET: "e2e-wallet-secret-for-tests-only-0123456789" };
    expect(problem({ DATABASE_URL: url, ...e2e })).toMatch(/ADMIN_TOKEN and WALLET_SIGNING_SECRET hold a test-only value/);
    expect(problem({ DATABASE_URL: url, ADMIN_TOKEN: SECRET, WALLET_SIGNING_SECRET: `${SECRET},${e2e.WALLET_SIGNING_SECRET}` })).toMatch(/WALLET_SIGNING_SECRET holds a test-only value/);
    expect(problem(e2e)).toBe("none");
  });
});

describe("wallet settings", () => {
  it("default to no timestamp window and a 5 s deadline", () => {
    expect(parseConfig({ PGLITE_DIR: "memory://" }).wallet).toEqual({ timestampToleranceSeconds: 0, deadlineMs: 5000 });
  });
  it("take a configured window, and refuse a negative one or a tiny deadline", () => {
    expect(parseConfig({ PGLITE_DIR: "memory://", WALLET_TIMESTAMP_TOLERANCE_SECONDS: "300" }).wallet.timestampToleranceSeconds).toBe(300);
    expect(() => parseConfig({ PGLITE_DIR: "memory://", WALLET_TIMESTAMP_TOLERANCE_SECONDS: "-1" })).toThrow(/0 \(off\) or more/);
    expect(() => parseConfig({ PGLITE_DIR: "memory://", WALLET_DEADLINE_MS: "10" })).toThrow(/at least 100/);
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
  const production = { DATABASE_URL: "postgres://db.example.com/lobby", ADMIN_TOKEN: SECRET, WALLET_SIGNING_SECRET: `${SECRET},${SECRET}-next` };

  it("pushes nothing by default, signs events with the first wallet secret, and serves the demo table only on the embedded database", () => {
    expect(parseConfig({ PGLITE_DIR: "memory://", WALLET_SIGNING_SECRET: SECRET }).platform).toEqual({
      eventsUrl: undefined,
      eventsSecret: SECRET,
      gameLaunchUrl: undefined,
      demoTable: true,
      sessionSeconds: 600,
    });
    expect(parseConfig(production).platform).toMatchObject({ eventsSecret: SECRET, demoTable: false });
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

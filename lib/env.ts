import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseLimit, THROTTLE_SCOPES, type Limit, type ThrottleScope } from "@/lib/throttle/rules";
import { processState } from "@/lib/server/process-state";

/** A setting that stops the app from starting, with a line that says how to fix it. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const secret = (name: string) =>
  z
    .string()
    .min(16, `${name} must be at least 16 characters long; generate one with: openssl rand -hex 32`)
    .optional();

// The admin token travels as `Authorization: Bearer <token>`: one word, so no whitespace. Refused at
// start rather than on every call.
const adminToken = secret("ADMIN_TOKEN").refine((s) => s === undefined || !/\s/.test(s), "ADMIN_TOKEN must not contain spaces or other whitespace; generate one with: openssl rand -hex 32");

/** Default limits: failed attempts per address per fixed window. Sign-in is the strictest: a human types it. */
export const THROTTLE_DEFAULTS: Record<ThrottleScope, string> = {
  player_token: "60/60",
  admin_token: "20/300",
  admin_sign_in: "5/900",
  wallet_signature: "30/60",
};

function throttleSettings() {
  const setting = (scope: ThrottleScope) =>
    z
      .string()
      .default(THROTTLE_DEFAULTS[scope])
      .transform((text, ctx) => {
        try {
          return parseLimit(text);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: `THROTTLE_${scope.toUpperCase()} ${(error as Error).message}` });
          return z.NEVER;
        }
      });
  return Object.fromEntries(THROTTLE_SCOPES.map((scope) => [`THROTTLE_${scope.toUpperCase()}`, setting(scope)])) as Record<
    `THROTTLE_${Uppercase<ThrottleScope>}`,
    ReturnType<typeof setting>
  >;
}

const EnvSchema = z.object({
  DATABASE_URL: z.string().url("DATABASE_URL must be a postgres:// URL").optional(),
  PGLITE_DIR: z.string().min(1).default(".data/pglite"),
  ADMIN_TOKEN: adminToken,
  WALLET_SIGNING_SECRET: z.string().optional(),
  PUBLIC_URL: z.string().url("PUBLIC_URL must be an absolute URL such as https://lobby.example.com").optional(),
  PORT: z.coerce.number().int().positive().default(3000),
  WALLET_TIMESTAMP_TOLERANCE_SECONDS: z.coerce
    .number()
    .int()
    .min(0, "WALLET_TIMESTAMP_TOLERANCE_SECONDS must be 0 (off) or more")
    // Off by default: refunds are keyed and equal their bet, so a replay moves no money, while a
    // window refuses the platform's late retries. See docs/wallet.md.
    .default(0),
  WALLET_DEADLINE_MS: z.coerce.number().int().min(100, "WALLET_DEADLINE_MS must be at least 100").default(5000),
  DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100, "DATABASE_TIMEOUT_MS must be at least 100").default(5000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0, "SHUTDOWN_TIMEOUT_MS must be 0 or more").default(10_000),
  MAX_OPEN_ROOMS_PER_PLAYER: z.coerce.number().int().min(1, "MAX_OPEN_ROOMS_PER_PLAYER must be at least 1").default(20),
  STUCK_ROOM_MINUTES: z.coerce.number().int().min(1, "STUCK_ROOM_MINUTES must be at least 1").default(120),
  TRUSTED_PROXIES: z.coerce.number().int().min(0, "TRUSTED_PROXIES must be 0 or more").max(10, "TRUSTED_PROXIES must be at most 10").default(0),
  LIVE_STREAMS_PER_PLAYER: z.coerce.number().int().min(1, "LIVE_STREAMS_PER_PLAYER must be at least 1").default(5),
  LIVE_STREAMS_PER_INSTANCE: z.coerce.number().int().min(1, "LIVE_STREAMS_PER_INSTANCE must be at least 1").default(10_000),
  LIVE_OPENS_PER_SECOND: z.coerce.number().int().min(1, "LIVE_OPENS_PER_SECOND must be at least 1").default(300),
  LOBBY_READS_PER_PLAYER: z.coerce.number().int().min(1, "LOBBY_READS_PER_PLAYER must be at least 1").default(4),
  LOBBY_READ_RATE_PER_PLAYER: z.coerce.number().int().min(1, "LOBBY_READ_RATE_PER_PLAYER must be at least 1").default(10),
  LOBBY_READS_IN_FLIGHT: z.coerce.number().int().min(1, "LOBBY_READS_IN_FLIGHT must be at least 1").default(16),
  LOBBY_SHED_DELAY_MS: z.coerce.number().int().min(10, "LOBBY_SHED_DELAY_MS must be at least 10").default(150),
  DEMO: z.enum(["on", "off"], "DEMO must be on or off").default("on"),
  PLATFORM_EVENTS_URL: z.string().url("PLATFORM_EVENTS_URL must be an absolute http(s) URL").refine((u) => /^https?:\/\//.test(u), "PLATFORM_EVENTS_URL must be an http(s) URL").optional(),
  PLATFORM_EVENTS_SECRET: secret("PLATFORM_EVENTS_SECRET"),
  GAME_LAUNCH_URL: z
    .string()
    .refine((u) => /^https?:\/\/\S+$/.test(u) && u.includes("{session_id}"), "GAME_LAUNCH_URL must be an http(s) address with {session_id} in it (and {room_id} where the game wants it)")
    .optional(),
  GAME_SESSION_MINUTES: z.coerce.number().int().min(1, "GAME_SESSION_MINUTES must be at least 1").max(1440, "GAME_SESSION_MINUTES must be at most 1440").default(10),
  DEMO_TABLE: z.enum(["on", "off"], "DEMO_TABLE must be on or off").optional(),
  INSTANCE_ROLE: z.enum(["all", "wallet", "lobby"], "INSTANCE_ROLE must be all, wallet or lobby").default("all"),
  ...throttleSettings(),
});

export interface Config {
  /** "postgres" when DATABASE_URL is set; otherwise the embedded PGlite database. */
  database: { kind: "postgres"; url: string } | { kind: "embedded"; dir: string };
  adminToken: string;
  /** Every secret that may sign a wallet callback: several during a rotation. */
  walletSigningSecrets: string[];
  /** Origin for launch and room addresses; when unset, the origin of the request is used. */
  publicUrl: string | undefined;
  port: number;
  wallet: {
    /** How far a refund's X-Timestamp may be from the server clock, in seconds; 0 turns the check off. */
    timestampToleranceSeconds: number;
    /** Longest a wallet call may wait on the database before it rolls back and answers ERR_TIMEOUT. */
    deadlineMs: number;
  };
  /** Longest any other query may run or wait for a lock before its request answers 503 (PostgreSQL). */
  databaseTimeoutMs: number;
  /** How long a stopping instance waits for requests in flight before it closes the database. */
  shutdownTimeoutMs: number;
  /** Waiting rooms a player may sit in at once: creating one more is refused with 409. */
  maxOpenRoomsPerPlayer: number;
  /** A room playing longer than this, since its last change, is flagged in the console as stuck. */
  stuckRoomSeconds: number;
  /** Proxies in front that append to X-Forwarded-For: how many hops left of the socket the client is. */
  trustedProxies: number;
  /** Failed attempts allowed per client address and window, by what is guessed; undefined is off. */
  throttle: Record<ThrottleScope, Limit | undefined>;
  /** Event streams this instance holds open (lib/live/limits.ts). */
  live: { perPlayer: number; perInstance: number; retryAfterSeconds: number; opensPerSecond: number };
  /** When lobby reads are shed with 503 so that wallet and bet calls keep their pace (lib/server/admission.ts). */
  lobby: { readsInFlight: number; readsPerPlayer: number; readRatePerPlayer: number; shedDelayMs: number; retryAfterSeconds: number };
  /**
   * What this instance serves: everything, or only the platform's wallet callbacks (with health,
   * readiness and metrics), or everything but them (docs/operations.md, "Instances by role").
   */
  role: "all" | "wallet" | "lobby";
  /** Whether the first start on an empty embedded database adds demo rooms (DEMO=off: an empty lobby). */
  demoRooms: boolean;
  /** The way from a started room into the game (docs/integration.md, "From lobby to game"). */
  platform: {
    /** Where room events are pushed; undefined: nothing is pushed (POST /wallet/events still serves them). */
    eventsUrl: string | undefined;
    /** Signs each pushed event (X-Signature); the first wallet signing secret unless set. */
    eventsSecret: string;
    /** The table's address, `{room_id}` and `{session_id}` filled in; undefined: the demo table's, or none. */
    gameLaunchUrl: string | undefined;
    /** Whether this app serves its own demo table (at /table) and sends players there. */
    demoTable: boolean;
    /** How long a game session lasts unused. */
    sessionSeconds: number;
  };
  /** Where generated secrets came from, for the start-up message. */
  generatedSecrets: "none" | "created" | "loaded";
}

const SECRETS_FILE = path.join(".data", "secrets.json");

/** The mark in the fixed secrets of the browser tests (playwright.config.ts). */
export const TEST_ONLY = /for-tests-only/i;

function parseSecretList(raw: string): string[] {
  const secrets = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const s of secrets) {
    if (s.length < 16) throw new ConfigError("Every WALLET_SIGNING_SECRET must be at least 16 characters long.");
  }
  return secrets;
}

const newSecret = () => randomBytes(32).toString("hex");

/**
 * With the embedded database and no secrets in the environment, the app makes its own on first start
 * and keeps them in .data/secrets.json (in memory only for `memory://`). Production (DATABASE_URL set)
 * never gets a generated or default secret: it refuses to start instead.
 */
function embeddedSecrets(dir: string): { adminToken: string; signingSecret: string; source: "created" | "loaded" } {
  if (dir.startsWith("memory://")) return { adminToken: newSecret(), signingSecret: newSecret(), source: "created" };
  if (existsSync(SECRETS_FILE)) {
    const saved = JSON.parse(readFileSync(SECRETS_FILE, "utf8")) as { adminToken: string; signingSecret: string };
    return { ...saved, source: "loaded" };
  }
  const fresh = { adminToken: newSecret(), signingSecret: newSecret() };
  mkdirSync(path.dirname(SECRETS_FILE), { recursive: true });
  writeFileSync(SECRETS_FILE, JSON.stringify(fresh, null, 2) + "\n", { mode: 0o600 });
  return { ...fresh, source: "created" };
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = EnvSchema.safeParse(blanksRemoved);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"));
  }
  const e = parsed.data;
  const base = {
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ""),
    port: e.PORT,
    wallet: { timestampToleranceSeconds: e.WALLET_TIMESTAMP_TOLERANCE_SECONDS, deadlineMs: e.WALLET_DEADLINE_MS },
    databaseTimeoutMs: e.DATABASE_TIMEOUT_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    trustedProxies: e.TRUSTED_PROXIES,
    live: { perPlayer: e.LIVE_STREAMS_PER_PLAYER, perInstance: e.LIVE_STREAMS_PER_INSTANCE, retryAfterSeconds: 5, opensPerSecond: e.LIVE_OPENS_PER_SECOND },
    lobby: { readsInFlight: e.LOBBY_READS_IN_FLIGHT, readsPerPlayer: e.LOBBY_READS_PER_PLAYER, readRatePerPlayer: e.LOBBY_READ_RATE_PER_PLAYER, shedDelayMs: e.LOBBY_SHED_DELAY_MS, retryAfterSeconds: 2 },
    maxOpenRoomsPerPlayer: e.MAX_OPEN_ROOMS_PER_PLAYER,
    stuckRoomSeconds: e.STUCK_ROOM_MINUTES * 60,
    demoRooms: e.DEMO === "on",
    role: e.INSTANCE_ROLE,
    throttle: {
      player_token: e.THROTTLE_PLAYER_TOKEN,
      admin_token: e.THROTTLE_ADMIN_TOKEN,
      admin_sign_in: e.THROTTLE_ADMIN_SIGN_IN,
      wallet_signature: e.THROTTLE_WALLET_SIGNATURE,
    },
  };

  const platform = (walletSecrets: string[], embedded: boolean): Config["platform"] => ({
    eventsUrl: e.PLATFORM_EVENTS_URL,
    eventsSecret: e.PLATFORM_EVENTS_SECRET ?? walletSecrets[0]!,
    gameLaunchUrl: e.GAME_LAUNCH_URL,
    // The demo table plays the platform's part: on by itself only on the embedded database, and never
    // in place of a real game's address.
    demoTable: !e.GAME_LAUNCH_URL && (e.DEMO_TABLE ?? (embedded ? "on" : "off")) === "on",
    sessionSeconds: e.GAME_SESSION_MINUTES * 60,
  });

  if (e.DATABASE_URL) {
    const missing = [!e.ADMIN_TOKEN && "ADMIN_TOKEN", !e.WALLET_SIGNING_SECRET && "WALLET_SIGNING_SECRET"].filter(Boolean);
    if (missing.length > 0) {
      throw new ConfigError(
        `DATABASE_URL is set (production mode), so ${missing.join(" and ")} must be set too. ` +
          "Generate each with: openssl rand -hex 32",
      );
    }
    // The tests' fixed secrets say so in their value; they must never guard real money.
    const testOnly = [["ADMIN_TOKEN", e.ADMIN_TOKEN!], ["WALLET_SIGNING_SECRET", e.WALLET_SIGNING_SECRET!]].filter(([, v]) => TEST_ONLY.test(v!));
    if (testOnly.length > 0) {
      throw new ConfigError(
        `DATABASE_URL is set (production mode), but ${testOnly.map(([name]) => name).join(" and ")} ${testOnly.length > 1 ? "hold" : "holds"} a test-only value. ` +
          "Generate each with: openssl rand -hex 32",
      );
    }
    const walletSigningSecrets = parseSecretList(e.WALLET_SIGNING_SECRET!);
    return {
      ...base,
      database: { kind: "postgres", url: e.DATABASE_URL },
      adminToken: e.ADMIN_TOKEN!,
      walletSigningSecrets,
      platform: platform(walletSigningSecrets, false),
      generatedSecrets: "none",
    };
  }

  if (e.INSTANCE_ROLE !== "all") {
    throw new ConfigError(`INSTANCE_ROLE=${e.INSTANCE_ROLE} needs DATABASE_URL: instances by role share one PostgreSQL, and the embedded database serves one process.`);
  }
  const needsGenerated = !e.ADMIN_TOKEN || !e.WALLET_SIGNING_SECRET;
  const generated = needsGenerated ? embeddedSecrets(e.PGLITE_DIR) : undefined;
  const walletSigningSecrets = e.WALLET_SIGNING_SECRET ? parseSecretList(e.WALLET_SIGNING_SECRET) : [generated!.signingSecret];
  return {
    ...base,
    database: { kind: "embedded", dir: e.PGLITE_DIR },
    adminToken: e.ADMIN_TOKEN ?? generated!.adminToken,
    walletSigningSecrets,
    platform: platform(walletSigningSecrets, true),
    generatedSecrets: generated?.source ?? "none",
  };
}

/** The configuration, read from the environment once per process (lib/server/process-state.ts). */
export function config(): Config {
  return processState("config", () => parseConfig(process.env));
}

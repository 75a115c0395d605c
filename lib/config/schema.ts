import { z } from "zod";
import { PLAIN_DECIMAL } from "@/lib/money/amount";
import { parseRakePercentages } from "./room-rake";
import { parseLimit, THROTTLE_SCOPES, type ThrottleScope } from "./throttle-limits";

// Every setting's own rules: its type, range and default, each refusal a line that says what to fix.
// Rules across settings (the mode, secrets, roles) are in ./mode.ts; the whole is read in ./parse.ts.

export const APP_MODES = ["production", "development"] as const;
export type AppMode = (typeof APP_MODES)[number];

export const DEFAULT_PGLITE_DIR = ".data/pglite";

const secret = (name: string) =>
  z
    .string()
    .min(16, `${name} must be at least 16 characters long; generate one with: openssl rand -hex 32`)
    .optional();

// The admin token travels as `Authorization: Bearer <token>`: one word, so no whitespace. Refused at
// start rather than on every call.
const adminToken = secret("ADMIN_TOKEN").refine((s) => s === undefined || !/\s/.test(s), "ADMIN_TOKEN must not contain spaces or other whitespace; generate one with: openssl rand -hex 32");

// METRICS_TOKEN: the one credential that reads /metrics, for a scraper that must hold no console
// credential. Unset, /metrics is off. Sent as a bearer token too: one word.
const metricsToken = secret("METRICS_TOKEN").refine((s) => s === undefined || !/\s/.test(s), "METRICS_TOKEN must not contain spaces or other whitespace; generate one with: openssl rand -hex 32");

// Several during a rotation, comma separated; each long enough on its own. Never echoed back.
const signingSecrets = z
  .string()
  .transform((raw) => raw.split(",").map((s) => s.trim()).filter(Boolean))
  .refine((list) => list.length > 0 && list.every((s) => s.length >= 16), "Every WALLET_SIGNING_SECRET must be at least 16 characters long.")
  .optional();

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

// Unset: any rake the API's rule allows. Set: only these (lib/config/room-rake.ts).
const rakePercentages = z
  .string()
  .transform((text, ctx) => {
    try {
      return parseRakePercentages(text);
    } catch (error) {
      ctx.addIssue({ code: "custom", message: `ROOM_RAKE_PERCENTAGES ${(error as Error).message}` });
      return z.NEVER;
    }
  })
  .optional();

const wholeNumber = (name: string) => z.coerce.number(`${name} must be a whole number`).int(`${name} must be a whole number`);
const atLeast = (name: string, min: number) => wholeNumber(name).min(min, `${name} must be at least ${min}`);

export const EnvSchema = z.object({
  APP_MODE: z.enum(APP_MODES, "APP_MODE must be production or development").optional(),
  DATABASE_URL: z.string().url("DATABASE_URL must be a postgres:// URL").optional(),
  PGLITE_DIR: z.string().min(1).default(DEFAULT_PGLITE_DIR),
  ADMIN_TOKEN: adminToken,
  WALLET_SIGNING_SECRET: signingSecrets,
  METRICS_TOKEN: metricsToken,
  PUBLIC_URL: z.string().url("PUBLIC_URL must be an absolute URL such as https://lobby.example.com").optional(),
  PORT: atLeast("PORT", 1).max(65535, "PORT must be at most 65535").default(3000),
  WALLET_TIMESTAMP_TOLERANCE_SECONDS: wholeNumber("WALLET_TIMESTAMP_TOLERANCE_SECONDS")
    .min(0, "WALLET_TIMESTAMP_TOLERANCE_SECONDS must be 0 (off) or more")
    // Off by default: refunds are keyed and equal their bet, so a replay moves no money, while a
    // window refuses the platform's late retries. See docs/wallet.md.
    .default(0),
  WALLET_DEADLINE_MS: atLeast("WALLET_DEADLINE_MS", 100).default(5000),
  WALLET_MAX_CREDIT: z
    .string()
    .regex(PLAIN_DECIMAL, "WALLET_MAX_CREDIT must be an amount such as 5000 or 2500.50")
    .refine((text) => Number(text) > 0, "WALLET_MAX_CREDIT must be more than 0")
    .optional(),
  // Unset: every adjustment applies at once. 0: every adjustment waits for a second person.
  ADJUSTMENT_APPROVAL_ABOVE: z.string().regex(PLAIN_DECIMAL, "ADJUSTMENT_APPROVAL_ABOVE must be an amount such as 500 or 250.50 (0: every adjustment needs approval)").optional(),
  DATABASE_TIMEOUT_MS: atLeast("DATABASE_TIMEOUT_MS", 100).default(5000),
  SHUTDOWN_TIMEOUT_MS: wholeNumber("SHUTDOWN_TIMEOUT_MS").min(0, "SHUTDOWN_TIMEOUT_MS must be 0 or more").default(10_000),
  MAX_OPEN_ROOMS_PER_PLAYER: atLeast("MAX_OPEN_ROOMS_PER_PLAYER", 1).default(20),
  ROOM_RAKE_PERCENTAGES: rakePercentages,
  STUCK_ROOM_MINUTES: atLeast("STUCK_ROOM_MINUTES", 1).default(120),
  REALITY_CHECK_MINUTES: wholeNumber("REALITY_CHECK_MINUTES")
    .min(0, "REALITY_CHECK_MINUTES must be 0 (off) or more")
    .max(1440, "REALITY_CHECK_MINUTES must be at most 1440 (a day)")
    .default(60),
  TRUSTED_PROXIES: wholeNumber("TRUSTED_PROXIES").min(0, "TRUSTED_PROXIES must be 0 or more").max(10, "TRUSTED_PROXIES must be at most 10").default(0),
  LIVE_STREAMS_PER_PLAYER: atLeast("LIVE_STREAMS_PER_PLAYER", 1).default(5),
  LIVE_STREAMS_PER_INSTANCE: atLeast("LIVE_STREAMS_PER_INSTANCE", 1).default(10_000),
  LIVE_OPENS_PER_SECOND: atLeast("LIVE_OPENS_PER_SECOND", 1).default(300),
  LIVE_STREAM_PROCESSES: wholeNumber("LIVE_STREAM_PROCESSES").min(0, "LIVE_STREAM_PROCESSES must be 0 (off) or more").max(8, "LIVE_STREAM_PROCESSES must be at most 8").default(0),
  LOBBY_READS_PER_PLAYER: atLeast("LOBBY_READS_PER_PLAYER", 1).default(4),
  LOBBY_READ_RATE_PER_PLAYER: atLeast("LOBBY_READ_RATE_PER_PLAYER", 1).default(10),
  LOBBY_READS_IN_FLIGHT: atLeast("LOBBY_READS_IN_FLIGHT", 1).default(16),
  LOBBY_SHED_DELAY_MS: atLeast("LOBBY_SHED_DELAY_MS", 10).default(150),
  DEMO: z.enum(["on", "off"], "DEMO must be on or off").default("on"),
  PLATFORM_EVENTS_URL: z.string().url("PLATFORM_EVENTS_URL must be an absolute http(s) URL").refine((u) => /^https?:\/\//.test(u), "PLATFORM_EVENTS_URL must be an http(s) URL").optional(),
  PLATFORM_EVENTS_SECRET: secret("PLATFORM_EVENTS_SECRET"),
  GAME_LAUNCH_URL: z
    .string()
    .refine((u) => /^https?:\/\/\S+$/.test(u) && u.includes("{session_id}"), "GAME_LAUNCH_URL must be an http(s) address with {session_id} in it (and {room_id} where the game wants it)")
    .optional(),
  GAME_SESSION_MINUTES: atLeast("GAME_SESSION_MINUTES", 1).max(1440, "GAME_SESSION_MINUTES must be at most 1440").default(10),
  DEMO_TABLE: z.enum(["on", "off"], "DEMO_TABLE must be on or off").optional(),
  INSTANCE_ROLE: z.enum(["all", "wallet", "lobby"], "INSTANCE_ROLE must be all, wallet or lobby").default("all"),
  WALLET_PORT: atLeast("WALLET_PORT", 1).max(65535, "WALLET_PORT must be at most 65535").optional(),
  ...throttleSettings(),
});

export type Env = z.infer<typeof EnvSchema>;

/** The environment as read: names to values, an empty value counting as unset. */
export type RawEnv = Readonly<Record<string, string | undefined>>;

export const withoutBlanks = (env: RawEnv): Record<string, string> =>
  Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ""));

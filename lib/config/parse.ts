import { ConfigError } from "./config-error";
import { generatedSecretsPlace, modeOf, modeProblems } from "./mode";
import { sharedSecretProblems } from "./shared-secrets";
import { EnvSchema, withoutBlanks, type Env, type RawEnv } from "./schema";
import { newSecret, readSecretsFile, SECRETS_FILE, type GeneratedSecrets } from "./secrets-file";
import type { Config } from "./types";

/**
 * Reads `env` into the configuration, or throws a ConfigError listing every problem at once: each
 * setting's own (schema.ts), the mode's (mode.ts), and the secrets file's. Writes nothing: the
 * embedded database's secrets file is read here, made beforehand by ensureSecretsFile.
 */
export function parseConfig(env: RawEnv, { secretsFile = SECRETS_FILE }: { secretsFile?: string } = {}): Config {
  const raw = withoutBlanks(env);
  const parsed = EnvSchema.safeParse(raw);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  problems.push(...modeProblems(raw));
  problems.push(...sharedSecretProblems(raw));

  const place = generatedSecretsPlace(raw);
  let generated: GeneratedSecrets | undefined;
  if (place === "memory") generated = { adminToken: newSecret(), signingSecret: newSecret() };
  if (place === "file") {
    const read = readSecretsFile(secretsFile);
    if ("problem" in read) problems.push(read.problem);
    else generated = read;
  }

  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  return assemble(parsed.data, modeOf(raw)!, generated, place === "memory" ? "created" : place === "file" ? "loaded" : "none");
}

function assemble(e: Env, mode: Config["mode"], generated: GeneratedSecrets | undefined, generatedSecrets: Config["generatedSecrets"]): Config {
  const walletSigningSecrets = e.WALLET_SIGNING_SECRET ?? [generated!.signingSecret];
  const embedded = !e.DATABASE_URL;
  return {
    mode,
    database: e.DATABASE_URL ? { kind: "postgres", url: e.DATABASE_URL } : { kind: "embedded", dir: e.PGLITE_DIR },
    adminToken: e.ADMIN_TOKEN ?? generated!.adminToken,
    walletSigningSecrets,
    metricsToken: e.METRICS_TOKEN,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ""),
    port: e.PORT,
    wallet: { timestampToleranceSeconds: e.WALLET_TIMESTAMP_TOLERANCE_SECONDS, deadlineMs: e.WALLET_DEADLINE_MS, maxCredit: e.WALLET_MAX_CREDIT },
    adjustmentApprovalAbove: e.ADJUSTMENT_APPROVAL_ABOVE,
    databaseTimeoutMs: e.DATABASE_TIMEOUT_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    trustedProxies: e.TRUSTED_PROXIES,
    live: { perPlayer: e.LIVE_STREAMS_PER_PLAYER, perInstance: e.LIVE_STREAMS_PER_INSTANCE, retryAfterSeconds: 5, opensPerSecond: e.LIVE_OPENS_PER_SECOND, processes: embedded ? 0 : e.LIVE_STREAM_PROCESSES },
    lobby: { readsInFlight: e.LOBBY_READS_IN_FLIGHT, readsPerPlayer: e.LOBBY_READS_PER_PLAYER, readRatePerPlayer: e.LOBBY_READ_RATE_PER_PLAYER, shedDelayMs: e.LOBBY_SHED_DELAY_MS, retryAfterSeconds: 2 },
    maxOpenRoomsPerPlayer: e.MAX_OPEN_ROOMS_PER_PLAYER,
    roomRakePercentages: e.ROOM_RAKE_PERCENTAGES,
    stuckRoomSeconds: e.STUCK_ROOM_MINUTES * 60,
    realityCheckMinutes: e.REALITY_CHECK_MINUTES,
    demoRooms: e.DEMO === "on",
    role: e.INSTANCE_ROLE,
    walletPort: e.WALLET_PORT,
    throttle: {
      player_token: e.THROTTLE_PLAYER_TOKEN,
      admin_token: e.THROTTLE_ADMIN_TOKEN,
      admin_sign_in: e.THROTTLE_ADMIN_SIGN_IN,
      wallet_signature: e.THROTTLE_WALLET_SIGNATURE,
    },
    platform: {
      eventsUrl: e.PLATFORM_EVENTS_URL,
      eventsSecret: e.PLATFORM_EVENTS_SECRET ?? walletSigningSecrets[0]!,
      gameLaunchUrl: e.GAME_LAUNCH_URL,
      // The demo table plays the platform's part: on by itself only on the embedded database, and never
      // in place of a real game's address.
      demoTable: !e.GAME_LAUNCH_URL && (e.DEMO_TABLE ?? (embedded ? "on" : "off")) === "on",
      sessionSeconds: e.GAME_SESSION_MINUTES * 60,
    },
    generatedSecrets,
  };
}

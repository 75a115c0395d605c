import type { Limit, ThrottleScope } from "./throttle-limits";
import type { AppMode } from "./schema";

/** The whole configuration of a process, as every part of the app reads it (lib/env.ts, `config()`). */
export interface Config {
  /** Said by APP_MODE: production needs PostgreSQL and secrets of its own; development is the default on the embedded database. */
  mode: AppMode;
  /** "postgres" when DATABASE_URL is set; otherwise the embedded PGlite database. */
  database: { kind: "postgres"; url: string } | { kind: "embedded"; dir: string };
  adminToken: string;
  /** The bearer token that reads /metrics (METRICS_TOKEN); undefined: /metrics answers 401 to everyone. */
  metricsToken: string | undefined;
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
    /** The most one credit may pay, in the player's currency (WALLET_MAX_CREDIT); undefined: no cap beyond a round's pot. */
    maxCredit: string | undefined;
  };
  /**
   * Balance adjustments larger than this (in the player's currency, either way) wait for a second
   * person's approval (ADJUSTMENT_APPROVAL_ABOVE); undefined: every adjustment applies at once.
   */
  adjustmentApprovalAbove: string | undefined;
  /** Longest any other query may run or wait for a lock before its request answers 503 (PostgreSQL). */
  databaseTimeoutMs: number;
  /** How long a stopping instance waits for requests in flight before it closes the database. */
  shutdownTimeoutMs: number;
  /** Waiting rooms a player may sit in at once: creating one more is refused with 409. */
  maxOpenRoomsPerPlayer: number;
  /** The rakes a new room may have, in the operator's order (ROOM_RAKE_PERCENTAGES); undefined: any from 0 to 100. */
  roomRakePercentages: number[] | undefined;
  /** A room playing longer than this, since its last change, is flagged in the console as stuck. */
  stuckRoomSeconds: number;
  /** How often the lobby tells a player how long they have played and their result since arrival; 0 is off. */
  realityCheckMinutes: number;
  /** Proxies in front that append to X-Forwarded-For: how many hops left of the socket the client is. */
  trustedProxies: number;
  /** Failed attempts allowed per client address and window, by what is guessed; undefined is off. */
  throttle: Record<ThrottleScope, Limit | undefined>;
  /**
   * Event streams this instance holds open (lib/live/limits.ts); `processes`: the stream lanes that serve
   * them (lib/runtime/stream-lane.ts), LIVE_STREAM_PROCESSES on PostgreSQL (0 by default: the main
   * process serves them), none on the embedded database.
   */
  live: { perPlayer: number; perInstance: number; retryAfterSeconds: number; opensPerSecond: number; processes: number };
  /** When lobby reads are shed with 503 so that wallet and bet calls keep their pace (lib/runtime/admission.ts). */
  lobby: { readsInFlight: number; readsPerPlayer: number; readRatePerPlayer: number; shedDelayMs: number; retryAfterSeconds: number };
  /**
   * What this instance serves: everything, or only the platform's wallet callbacks (with health,
   * readiness and metrics), or everything but them (docs/operations.md, "Instances by role").
   */
  role: "all" | "wallet" | "lobby";
  /**
   * Where the platform's signed calls are also served, from a thread of their own with connections of
   * their own (the wallet lane, lib/runtime/wallet-lane.ts); undefined: on the main port only.
   */
  walletPort: number | undefined;
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
  /**
   * Where the secrets not set in the environment came from, for the start-up message: "created" when
   * made for this start (in memory on memory://, or the secrets file made by this start's
   * ensureSecretsFile), "loaded" from the secrets file, "none" when both are set.
   */
  generatedSecrets: "none" | "created" | "loaded";
}

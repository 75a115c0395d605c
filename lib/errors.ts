/** One field that failed validation: a dotted path into the input and what is wrong with it. */
export interface FieldError {
  path: string;
  message: string;
}

/** Every error the API can answer with, by code. Only lib/http knows their HTTP statuses. */
export type ErrorCode =
  | "validation_failed"
  | "invalid_json"
  | "unsupported_media_type"
  | "payload_too_large"
  | "token_missing"
  | "token_invalid"
  | "token_expired"
  | "admin_unauthorized"
  | "role_required"
  | "player_blocked"
  | "limit_reached"
  | "operator_not_found"
  | "adjustment_not_found"
  | "adjustment_decided"
  | "second_person_required"
  | "metrics_unauthorized"
  | "not_found"
  | "room_not_found"
  | "event_not_found"
  | "player_not_found"
  | "method_not_allowed"
  | "currency_mismatch"
  | "username_taken"
  | "insufficient_funds"
  | "room_full"
  | "room_not_waiting"
  | "room_not_playing"
  | "already_seated"
  | "too_many_joins"
  | "not_seated"
  | "room_finished"
  | "balance_limit_exceeded"
  | "too_many_open_rooms"
  | "idempotency_key_reused"
  | "idempotency_key_in_use"
  | "too_many_requests"
  | "overloaded"
  | "request_timeout"
  | "client_closed_request"
  | "database_timeout"
  | "database_unavailable"
  | "not_ready"
  | "shutting_down"
  | "internal_error";

/** A known, expected failure. Domain code throws these; the route wrapper turns them into the error envelope. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = "AppError";
  }
}

/**
 * A movement of money would take a balance past what its column holds (NUMERIC(20, 8): below 10^12).
 * Definitive: retrying the same movement cannot succeed while the balance stays where it is.
 */
export class BalanceLimitExceeded extends AppError {
  constructor(message: string) {
    super("balance_limit_exceeded", message);
  }
}

/**
 * The client went away before its request was read whole (a reset or an aborted upload): neither a
 * database fault nor an error of ours. Nobody reads the answer; logs and metrics count it apart.
 */
export class ClientClosedRequest extends AppError {
  constructor(
    readonly reason: string,
    message = "The client closed the connection before the request body was read.",
  ) {
    super("client_closed_request", message);
  }
}

/** A refusal that says when to ask again (Retry-After). */
export class RetryLaterError extends AppError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(code, message);
  }
}

/** Too many failed attempts from the caller's address: refused until the window ends (Retry-After). */
export class ThrottledError extends RetryLaterError {
  constructor(message: string, retryAfterSeconds: number) {
    super("too_many_requests", message, retryAfterSeconds);
  }
}

/** Lobby work shed so that money keeps its pace: the instance is busy, ask again shortly. */
export class OverloadedError extends RetryLaterError {
  constructor(message: string, retryAfterSeconds: number) {
    super("overloaded", message, retryAfterSeconds);
  }
}

/** A player's limits on their own play (responsible gaming): the amounts, each over its rolling window, then self-exclusion. */
export const AMOUNT_LIMITS = ["daily_bet_limit", "loss_limit_24h", "loss_limit_7d", "loss_limit_30d"] as const;
export type AmountLimit = (typeof AMOUNT_LIMITS)[number];
export const LIMIT_NAMES = ["self_exclusion", ...AMOUNT_LIMITS] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

/** Which limit refused a bet, with its figures: what a lobby needs to say it in the player's language. */
export interface LimitReachedDetail {
  name: LimitName;
  /** The limit; null for self-exclusion. */
  amount: string | null;
  /** What counts against it now: bets, or net loss, over its window; null for self-exclusion. */
  used: string | null;
  bet: string;
  currency: string;
  /** When the bet would fit (the self-exclusion's end); null when the bet alone is more than the limit. */
  frees_at: string | null;
}

/** A bet refused by one of the player's own limits (409 `limit_reached`): the answer carries the limit's figures as `limit`. */
export class LimitReached extends AppError {
  constructor(
    message: string,
    readonly limit: LimitReachedDetail,
  ) {
    super("limit_reached", message);
  }
}

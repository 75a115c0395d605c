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
  | "not_found"
  | "room_not_found"
  | "player_not_found"
  | "method_not_allowed"
  | "currency_mismatch"
  | "username_taken"
  | "insufficient_funds"
  | "room_full"
  | "room_not_waiting"
  | "room_not_playing"
  | "already_seated"
  | "not_seated"
  | "room_finished"
  | "too_many_requests"
  | "overloaded"
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

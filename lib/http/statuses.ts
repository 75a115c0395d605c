import type { ErrorCode } from "@/lib/errors";

/** The HTTP status of each error code: the one place that decides it. */
export const httpStatusOf: Record<ErrorCode, number> = {
  validation_failed: 400,
  invalid_json: 400,
  token_missing: 401,
  token_invalid: 401,
  token_expired: 401,
  admin_unauthorized: 401,
  not_found: 404,
  room_not_found: 404,
  player_not_found: 404,
  method_not_allowed: 405,
  currency_mismatch: 409,
  username_taken: 409,
  insufficient_funds: 409,
  room_full: 409,
  room_not_waiting: 409,
  already_seated: 409,
  not_seated: 409,
  room_finished: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  internal_error: 500,
  database_timeout: 503,
  not_ready: 503,
  shutting_down: 503,
};

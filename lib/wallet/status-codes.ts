/**
 * Every status_code the wallet answers, its HTTP status, and what the platform should do on it.
 * Definitive answers are HTTP 200; the two retryable ones are 5xx, and retrying them with the same body
 * is always safe: a transfer is registered once. A caller whose signatures keep failing is slowed down with 429.
 */
export const STATUS_CODES = {
  OK: { http: 200, then: "done" },
  ERR_INTEGRITY_CHECK_FAILED: { http: 200, then: "stop: fix the signature, timestamp or secret" },
  ERR_INVALID_REQUEST: { http: 200, then: "stop: fix the request" },
  ERR_INVALID_PLAYER_ID: { http: 200, then: "stop" },
  ERR_INVALID_ACCOUNT: { http: 200, then: "stop" },
  ERR_DUPLICATE_TRANSFER: { http: 200, then: "stop: the transfer id was used for another transfer" },
  ERR_TRANSFER_DOES_NOT_EXIST: { http: 200, then: "stop" },
  ERR_AMOUNT_MISMATCH: { http: 200, then: "stop" },
  ERR_SESSION_NOT_FOUND: { http: 200, then: "stop: the session is unknown or expired; the player opens the table again from the lobby" },
  ERR_TOO_MANY_REQUESTS: { http: 429, then: "wait Retry-After seconds; fix the signature or secret" },
  ERR_UNKNOWN: { http: 500, then: "retry with the same body" },
  ERR_TIMEOUT: { http: 503, then: "retry with the same body" },
} as const;

export type StatusCode = keyof typeof STATUS_CODES;

/** Every wallet answer: a status_code, a readable message, the balance where the player is known. */
export interface WalletAnswer {
  status_code: StatusCode;
  message: string;
  balance?: string;
  casino_transfer_id?: string;
  real_amount?: string;
  bonus_amount?: string;
  /** POST /wallet/bets: the round, a page of its bets, and where that page stands. */
  round_id?: string;
  bets?: { transfer_id: string; player_id: string; amount: string; currency: string; refunded: boolean; refund_casino_transfer_id: string }[];
  total?: number;
  page?: number;
  limit?: number;
  total_pages?: number;
  /** POST /wallet/events: events in commit order, and the cursor to read on from. */
  events?: unknown[];
  next?: string;
  /** POST /wallet/session: who sits where. */
  player_id?: string;
  username?: string;
  currency?: string;
  seat?: number;
}

/**
 * The fields the specification marks required in each callback's answer. Every answer carries them,
 * refusals included, with an empty string where there is no value: a strict parser reads every answer.
 */
export const REQUIRED_FIELDS = {
  credit: ["balance", "casino_transfer_id", "real_amount", "bonus_amount"],
  refund: ["balance", "casino_transfer_id"],
  bets: [],
  events: [],
  session: [],
} as const satisfies Record<string, readonly (keyof WalletAnswer)[]>;
export type WalletEndpoint = keyof typeof REQUIRED_FIELDS;

export function withRequiredFields<A extends WalletAnswer>(endpoint: WalletEndpoint, answer: A): A {
  const missing = REQUIRED_FIELDS[endpoint].filter((field) => answer[field] === undefined);
  return missing.length === 0 ? answer : { ...answer, ...Object.fromEntries(missing.map((field) => [field, ""])) };
}

export const refusal = (status_code: StatusCode, message: string, balance?: string): WalletAnswer =>
  balance === undefined ? { status_code, message } : { status_code, message, balance };

import { randomBytes } from "node:crypto";

// Callback bodies as the game platform sends them, with fresh ids: for the API tests and the fault suite.

const id = (prefix: string) => `${prefix}-${randomBytes(8).toString("hex")}`;

export function creditBody(playerId: string, fields: Record<string, unknown> = {}) {
  return {
    request_id: id("req"),
    timestamp: Math.floor(Date.now() / 1000),
    session_id: id("session"),
    player_id: playerId,
    game_code: "dice",
    transfer_id: id("transfer"),
    round_id: id("round"),
    round_completed: false,
    amount: "5.00",
    currency: "USD",
    reason: "win",
    ...fields,
  };
}

export function refundBody(playerId: string, fields: Record<string, unknown> = {}) {
  return {
    request_id: id("req"),
    timestamp: Date.now(),
    session_id: id("session"),
    player_id: playerId,
    game_code: "dice",
    transfer_id: id("transfer"),
    round_id: id("round"),
    amount: "1.00",
    currency: "USD",
    reason: "player_exit",
    reference_id: id("refund"),
    ...fields,
  };
}

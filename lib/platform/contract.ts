import { z } from "zod";
import { endpoint, moneyText, walletAnswers, walletHeaders } from "@/lib/contract";
import { walletStatus } from "@/lib/wallet/contract";
import { EventsRequest, SessionRequest } from "@/lib/wallet/schemas";

// The way to the game: the platform pulls room events and resolves game sessions, signed like the
// wallet's callbacks.

export const EventsAnswer = z
  .object({
    status_code: walletStatus,
    message: z.string(),
    events: z.array(z.record(z.string(), z.unknown())).optional().meta({ description: "On OK: events in the order they committed, each as it is pushed (docs/integration.md)" }),
    next: z.string().optional().meta({ description: "On OK: the cursor to send as `after` next time; the same as `after` when nothing new has committed" }),
  })
  .meta({ id: "EventsAnswer", description: "A page of room events; status_code says what happened" });

export const SessionAnswer = z
  .object({
    status_code: walletStatus,
    message: z.string(),
    player_id: z.string().optional(),
    username: z.string().optional(),
    currency: z.string().optional(),
    balance: moneyText.optional(),
    round_id: z.string().optional().meta({ description: "The room's id: the round_id of its bets, credits and refunds" }),
    seat: z.number().int().optional().meta({ description: "The player's seat, 1 for the first to sit down" }),
  })
  .meta({ id: "SessionAnswer", description: "Who a game session belongs to; status_code says what happened" });

export const platformContract = {
  platformEvents: endpoint({
    method: "POST",
    path: "/wallet/events",
    tag: "Wallet",
    summary: "Room events, pulled (signed like the callbacks)",
    description:
      "For the platform: the events also pushed to `PLATFORM_EVENTS_URL` (`room.started`, `room.seat_freed`, `room.ended`), in the order they committed. Send `after: null` first, then each answer's `next`. An event's `event_id` never changes: deduplicate by it. Signed like the callbacks; moves nothing.",
    auth: "none",
    body: EventsRequest,
    headers: walletHeaders,
    bodyExample: { after: null, limit: 100 },
    answers: walletAnswers(EventsAnswer, {
      status_code: "OK",
      message: "1 event.",
      events: [{ event_id: "evt_6f1c…", type: "room.ended", occurred_at: "2026-11-25T10:00:00.000Z", round_id: "0b9f6c1e5d2a4f7e8c3b", reason: "round_completed", refunds: [] }],
      next: "42",
    }),
  }),
  gameSession: endpoint({
    method: "POST",
    path: "/wallet/session",
    tag: "Wallet",
    summary: "Who a game session belongs to (signed like the callbacks)",
    description:
      "For the platform: resolves the `{session_id}` of `GAME_LAUNCH_URL` to the player, their balance, the round and the seat. Each resolve keeps the session alive for another `GAME_SESSION_MINUTES`. An unknown or expired session answers `ERR_SESSION_NOT_FOUND`: the player opens the table again from the lobby. Signed like the callbacks; moves nothing.",
    auth: "none",
    body: SessionRequest,
    headers: walletHeaders,
    bodyExample: { session_id: "Vw3…" },
    answers: walletAnswers(SessionAnswer, { status_code: "OK", message: "Session of alice at seat 2.", player_id: "p_7f3a", username: "alice", currency: "USD", balance: "97.50", round_id: "0b9f6c1e5d2a4f7e8c3b", seat: 2 }),
  }),
};

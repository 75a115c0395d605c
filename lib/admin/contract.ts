import { z } from "zod";
import { adminErrors, endpoint, error, instant, moneyText, pageFields, success, tooMany } from "@/lib/contract";
import { AdminPlayer, Blocked, IssuedToken, RevokedTokens } from "@/lib/players/contract";
import { CreatePlayerInput, IssueTokenInput, PlayerIdParams } from "@/lib/players/schemas";
import { Room } from "@/lib/rooms/contract";
import { AdminListRoomsQuery, RoomIdParams } from "@/lib/rooms/schemas";
import { Transaction, TransactionList } from "@/lib/wallet/contract";
import { ListTransactionsQuery } from "@/lib/wallet/list-transactions";
import { ADMIN_ACTIONS, OPERATOR_ROLES } from "@/db/schema";
import { AdminActionInput, ListAuditQuery, ListPlayersQuery, RoomPlayerParams, SignInInput } from "./schemas";

// The operator's API: players, the console's session, rooms and the actions on them, the audit log.

export const AdminPlayerSummary = z
  .object({
    id: z.string(),
    username: z.string(),
    currency: z.string(),
    balance: moneyText.meta({ description: "Real and bonus money together" }),
    blocked: Blocked,
    last_activity_at: instant.nullable().meta({ description: "The time of the player's newest ledger row; null for none" }),
    created_at: instant,
  })
  .meta({ id: "AdminPlayerSummary" });
export type AdminPlayerSummary = z.infer<typeof AdminPlayerSummary>;

export const AdminPlayerList = z.object({ players: z.array(AdminPlayerSummary), ...pageFields }).meta({ id: "AdminPlayerList" });
export type AdminPlayerList = z.infer<typeof AdminPlayerList>;

export const SignedIn = z
  .object({
    signed_in: z.boolean(),
    expires_at: instant.nullable(),
    operator: z
      .object({ id: z.string().nullable().meta({ description: "null for the owner (ADMIN_TOKEN)" }), name: z.string(), role: z.enum(OPERATOR_ROLES) })
      .nullable()
      .meta({ description: "Who is signed in; null once signed out" }),
  })
  .meta({ id: "SignedIn" });
export type SignedIn = z.infer<typeof SignedIn>;

export const AdminRoom = Room.extend({
  pot: moneyText.meta({ description: "The pot account's balance: the bets in it, less refunds and, once the round completed, the settlement that emptied it" }),
  rake: moneyText.meta({ description: "The rake recognised: what settlement paid the house when the round completed; 0 before, and for a room closed or whose bets all came back" }),
  stuck: z.boolean().meta({ description: "Playing, without a change, for longer than STUCK_ROOM_MINUTES" }),
}).meta({ id: "AdminRoom" });
export type AdminRoom = z.infer<typeof AdminRoom>;

export const AdminRoomList = z
  .object({
    rooms: z.array(AdminRoom),
    counts: z
      .object({ waiting: z.number().int(), playing: z.number().int(), finished: z.number().int() })
      .meta({ description: "The rooms matching every filter but `status` (and the search), by status" }),
    totals: z
      .array(z.object({ currency: z.string(), rooms: z.number().int(), pot: moneyText }))
      .meta({ description: "The money on the tables: the pots' balances per currency over the matching rooms (every page) that are not finished" }),
    stuck_after_seconds: z.number().int().meta({ description: "STUCK_ROOM_MINUTES in seconds: when a playing room is flagged `stuck`" }),
    ...pageFields,
  })
  .meta({ id: "AdminRoomList" });
export type AdminRoomList = z.infer<typeof AdminRoomList>;

export const AdminRoomDetail = z
  .object({
    room: AdminRoom,
    seats: z.array(
      z.object({
        player_id: z.string(),
        username: z.string(),
        joined_at: instant,
        bet_transfer_id: z.string().nullable(),
        refund: z.string().nullable().meta({ description: "casino_transfer_id of the bet's refund, if refunded" }),
      }),
    ),
    settlement: z
      .object({
        settled_at: instant,
        pot: moneyText.meta({ description: "What the pot held when the round completed" }),
        rake: moneyText.meta({ description: "Paid to the house" }),
        to_platform: moneyText.meta({ description: "Paid to the platform: the pot less the rake" }),
        jackpot_wins: moneyText.meta({ description: "The jackpot wins the round's credits declared" }),
        wins_paid: moneyText.meta({ description: "What the round's credits paid its players" }),
        imbalance: moneyText.meta({ description: "wins_paid − (to_platform + jackpot_wins): 0 when the platform paid out what settled to it; negative when it kept some" }),
      })
      .nullable()
      .meta({ description: "The round's settlement; null until the round completes" }),
  })
  .meta({ id: "AdminRoomDetail" });
export type AdminRoomDetail = z.infer<typeof AdminRoomDetail>;

export const RoomLedgerPage = z
  .object({
    ledger: z.array(
      Transaction.extend({
        player_id: z.string().nullable().meta({ description: "null on a settlement, which moves the pot's money" }),
        player_name: z.string().nullable(),
        game_session: z.string().nullable().meta({ description: "The game session of this room's table the platform named in the call (GAME_LAUNCH_URL's session_id); null when it named none of them" }),
      }),
    ),
    ...pageFields,
  })
  .meta({ id: "RoomLedgerPage" });
export type RoomLedgerPage = z.infer<typeof RoomLedgerPage>;

export const RefundMade = z
  .object({ player_id: z.string(), transfer_id: z.string().meta({ description: "The bet's transfer_id" }), casino_transfer_id: z.string().meta({ description: "The refund's ledger id" }), amount: moneyText, currency: z.string() })
  .meta({ id: "RefundMade" });
export type RefundMade = z.infer<typeof RefundMade>;

export const CloseResult = z.object({ room: Room, refunds: z.array(RefundMade) }).meta({ id: "CloseResult" });
export type CloseResult = z.infer<typeof CloseResult>;

export const RemoveResult = z
  .object({ room: Room, refund: RefundMade.nullable().meta({ description: "The bet returned; null when it was back already (the platform refunded it)" }) })
  .meta({ id: "RemoveResult" });
export type RemoveResult = z.infer<typeof RemoveResult>;

export const AuditEntry = z
  .object({
    action: z.enum(ADMIN_ACTIONS),
    actor: z.string().meta({ description: "Who acted, by name: an operator's username (with the token's label when by token), `owner` (ADMIN_TOKEN), `command line`, or `unknown` (a failed sign-in)" }),
    operator_id: z.string().nullable().meta({ description: "The operator who acted; null for the owner, the command line and a failed sign-in" }),
    source: z.string().nullable(),
    request_id: z.string(),
    room_id: z.string().nullable(),
    room_name: z.string().nullable().meta({ description: "The room's name, when the action names a room" }),
    player_id: z.string().nullable(),
    player_name: z.string().nullable().meta({ description: "The player's name, when the action names a player" }),
    details: z.record(z.string(), z.unknown()),
    created_at: instant,
  })
  .meta({ id: "AuditEntry" });
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditList = z.object({ actions: z.array(AuditEntry), ...pageFields }).meta({ id: "AuditList" });
export type AuditList = z.infer<typeof AuditList>;

export const ResendResult = z.object({ event_id: z.string(), queued: z.literal(true) }).meta({ id: "ResendResult" });
export type ResendResult = z.infer<typeof ResendResult>;

const EventIdParams = z.object({ event_id: z.string() });
const notFound = { player: error("`player_not_found`"), room: error("`room_not_found`") };

export const adminContract = {
  createPlayer: endpoint({
    method: "POST",
    path: "/v1/admin/players",
    tag: "Admin",
    money: true,
    summary: "Register a player",
    description: "Creates a player with an opening balance, recorded in the ledger as a deposit.",
    auth: "admin",
    role: "support",
    body: CreatePlayerInput,
    bodyExample: { username: "alice", currency: "USD", balance: "100.00" },
    answers: { 201: { description: "The player", schema: success(AdminPlayer) }, ...adminErrors, 409: error("`username_taken`") },
  }),
  issueToken: endpoint({
    method: "POST",
    path: "/v1/admin/players/{player_id}/tokens",
    tag: "Admin",
    summary: "Issue a launch token and its launch address",
    auth: "admin",
    role: "support",
    params: PlayerIdParams,
    body: IssueTokenInput,
    bodyExample: { ttl_seconds: 3600 },
    answers: { 201: { description: "The token, shown once", schema: success(IssuedToken) }, ...adminErrors, 404: notFound.player },
  }),
  revokeTokens: endpoint({
    method: "POST",
    path: "/v1/admin/players/{player_id}/tokens/revoke",
    tag: "Admin",
    summary: "Revoke every launch token of a player",
    description: "Deletes all of the player's launch tokens, expired or not: each answers 401 `token_invalid` from then on. Recorded in the audit log.",
    auth: "admin",
    role: "support",
    params: PlayerIdParams,
    answers: { 200: { description: "How many tokens were revoked", schema: success(RevokedTokens), example: { type: "success", status: 200, data: { revoked: 2 } } }, ...adminErrors, 404: notFound.player },
  }),
  playerTransactions: endpoint({
    method: "GET",
    path: "/v1/admin/players/{player_id}/transactions",
    tag: "Admin",
    summary: "A player's ledger, newest first",
    auth: "admin",
    role: "viewer",
    params: PlayerIdParams,
    query: ListTransactionsQuery,
    answers: { 200: { description: "A page of ledger rows", schema: success(TransactionList) }, ...adminErrors, 404: notFound.player },
  }),
  signIn: endpoint({
    method: "POST",
    path: "/v1/admin/session",
    tag: "Admin",
    summary: "Sign in to the admin console",
    description:
      "An operator sends `username` and `password` (and `code`, the 6 digits of their authenticator app, once TOTP is on); the owner may send ADMIN_TOKEN as `token`. Sets the console's session cookie (httpOnly, SameSite=strict, Secure over HTTPS, 8 hours), a session kept on the server. Admin calls then work with the cookie, with the operator's role; changes need this site's Origin.",
    auth: "none",
    body: SignInInput,
    bodyExample: { username: "ann", password: "correct horse battery staple" },
    answers: {
      200: { description: "Signed in; the cookie is set", schema: success(SignedIn) },
      400: adminErrors[400],
      401: error("`admin_unauthorized`: a wrong name, password, code or token, or a disabled operator (the message does not say which)"),
      429: tooMany("failed sign-ins"),
      503: adminErrors[503],
    },
  }),
  signOut: endpoint({
    method: "POST",
    path: "/v1/admin/session/end",
    tag: "Admin",
    summary: "Sign out of the admin console",
    auth: "none",
    answers: {
      200: { description: "The session is ended for good and the cookie cleared", schema: success(SignedIn) },
      401: error("`admin_unauthorized`: the request came from another site's page (its `Origin` is not this service's); the session stays"),
    },
  }),
  adminRooms: endpoint({
    method: "GET",
    path: "/v1/admin/rooms",
    tag: "Admin",
    summary: "Rooms with their money, for the console",
    description: "The lobby's filters plus `q` (a name contains it, or the id is it), newest first, with the counts by status. A search is counted row by row.",
    auth: "admin",
    role: "viewer",
    query: AdminListRoomsQuery,
    answers: { 200: { description: "A page of rooms", schema: success(AdminRoomList) }, ...adminErrors },
  }),
  adminRoom: endpoint({
    method: "GET",
    path: "/v1/admin/rooms/{room_id}",
    tag: "Admin",
    summary: "A room with its seats, their bets and refunds",
    description: "The ledger rows of its round are a page at a time at `/v1/admin/rooms/{room_id}/ledger`.",
    auth: "admin",
    role: "viewer",
    params: RoomIdParams,
    answers: { 200: { description: "The room", schema: success(AdminRoomDetail) }, ...adminErrors, 404: notFound.room },
  }),
  adminRoomLedger: endpoint({
    method: "GET",
    path: "/v1/admin/rooms/{room_id}/ledger",
    tag: "Admin",
    summary: "The ledger rows of a room's round, oldest first",
    description: "Every row under the room's round_id, and the refunds of its seats' bets under any other, a page at a time.",
    auth: "admin",
    role: "viewer",
    params: RoomIdParams,
    query: ListTransactionsQuery,
    answers: { 200: { description: "A page of the round's ledger rows", schema: success(RoomLedgerPage) }, ...adminErrors, 404: notFound.room },
  }),
  findPlayers: endpoint({
    method: "GET",
    path: "/v1/admin/players",
    tag: "Admin",
    summary: "Find players by name or id",
    description: "Players whose name contains `q` (any case) or whose id is `q`; every player without it. By name, a page at a time, with balance and last activity.",
    auth: "admin",
    role: "viewer",
    query: ListPlayersQuery,
    answers: { 200: { description: "A page of players", schema: success(AdminPlayerList) }, ...adminErrors },
  }),
  adminPlayer: endpoint({
    method: "GET",
    path: "/v1/admin/players/{player_id}",
    tag: "Admin",
    summary: "A player: profile, real and bonus balance, block, pending adjustments",
    auth: "admin",
    role: "viewer",
    params: PlayerIdParams,
    answers: { 200: { description: "The player", schema: success(AdminPlayer) }, ...adminErrors, 404: notFound.player },
  }),
  closeRoom: endpoint({
    method: "POST",
    path: "/v1/admin/rooms/{room_id}/close",
    tag: "Admin",
    money: true,
    summary: "Close a room",
    description: "Refunds every seated bet not yet refunded (reason `game_error`) and finishes the room. Recorded in the audit log with the admin's `reason` (optional; the console asks for one).",
    auth: "admin",
    role: "support",
    params: RoomIdParams,
    body: AdminActionInput,
    bodyExample: { reason: "The game server crashed mid-round" },
    answers: { 200: { description: "The finished room and the refunds made", schema: success(CloseResult) }, ...adminErrors, 404: notFound.room, 409: error("`room_finished`") },
  }),
  resendPlatformEvent: endpoint({
    method: "POST",
    path: "/v1/admin/platform-events/{event_id}/resend",
    tag: "Admin",
    summary: "Send a platform event again",
    description:
      "Puts a room event back in line for PLATFORM_EVENTS_URL at once, whether it was delivered or given up after three days. It keeps its `event_id`, so a platform that has it already ignores it. Recorded in the audit log with the admin's `reason` (optional).",
    auth: "admin",
    role: "admin",
    params: EventIdParams,
    body: AdminActionInput,
    bodyExample: { reason: "The platform lost its copy" },
    answers: { 200: { description: "Queued", schema: success(ResendResult) }, ...adminErrors, 404: error("`event_not_found`") },
  }),
  removePlayer: endpoint({
    method: "POST",
    path: "/v1/admin/rooms/{room_id}/players/{player_id}/remove",
    tag: "Admin",
    money: true,
    summary: "Remove a player from a waiting room",
    description: "Unseats the player and refunds the bet with the ledger reason `admin_removal` (a removal, not a leave). Recorded in the audit log with the admin's `reason` (optional; the console asks for one) and the refund.",
    auth: "admin",
    role: "support",
    params: RoomPlayerParams,
    body: AdminActionInput,
    bodyExample: { reason: "Seat held by a suspended account" },
    answers: { 200: { description: "The room without the player, and the bet returned", schema: success(RemoveResult) }, ...adminErrors, 404: notFound.room, 409: error("`room_not_waiting` or `not_seated`") },
  }),
  auditLog: endpoint({
    method: "GET",
    path: "/v1/admin/audit",
    tag: "Admin",
    summary: "The audit log of admin actions, newest first",
    description:
      "Filtered by `action`; `actor` (who: an operator's name or id, in any case, which takes in their tokens' actions; `owner`; `command line`; or the address the action came from); `room` and `player` (a name that contains the text, in any case, or the id); `room_id` and `player_id` (the id alone, kept for older scripts); and a time range (`from`, `to`, both included, ISO 8601 with an offset). Every filter given applies.",
    auth: "admin",
    role: "viewer",
    query: ListAuditQuery,
    answers: { 200: { description: "A page of admin actions", schema: success(AuditList) }, ...adminErrors },
  }),
};

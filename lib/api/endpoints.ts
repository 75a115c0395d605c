import { z } from "zod";
import { AdminActionInput, DashboardQuery, ListAuditQuery, ListPlayersQuery, RoomPlayerParams, SignInInput } from "@/lib/admin/schemas";
import { DailyReportQuery, LedgerExportQuery } from "@/lib/reports/schemas";
import { CreatePlayerInput, IssueTokenInput, PlayerIdParams } from "@/lib/players/schemas";
import { AdminListRoomsQuery, CreateRoomInput, ListRoomsQuery, RoomIdParams } from "@/lib/rooms/schemas";
import { ListTransactionsQuery } from "@/lib/wallet/list-transactions";
import { BetsRequest, CreditRequest, EventsRequest, RefundRequest, SessionRequest } from "@/lib/wallet/schemas";
import * as R from "./resources";

const EventIdParams = z.object({ event_id: z.string() });

// Every endpoint the service answers, in one list: the route handlers take their authentication
// and input schemas from here, the logs and metrics their route names, and the OpenAPI document
// everything. An endpoint missing here cannot be served by the route wrappers.

export type Auth = "player" | "admin" | "none";

export interface Answer {
  description: string;
  schema?: z.ZodType;
  example?: unknown;
  /** A CSV answer: instead of JSON, or as well (chosen by the query). */
  csv?: "only" | "also";
}

export interface Endpoint<Q extends z.ZodType | undefined = z.ZodType | undefined, B extends z.ZodType | undefined = z.ZodType | undefined, P extends z.ZodType | undefined = z.ZodType | undefined, A extends Auth = Auth> {
  method: "GET" | "POST";
  /** OpenAPI path template, e.g. /v1/rooms/{room_id}. */
  path: string;
  tag: "Service" | "Rooms" | "Player" | "Admin" | "Wallet";
  summary: string;
  description?: string;
  auth: A;
  query?: Q;
  body?: B;
  params?: P;
  bodyExample?: unknown;
  /** A lobby read: shed with 503 when the instance is busy, so that money keeps its pace (lib/server/admission.ts). */
  lobbyRead?: true;
  /** Moves money (takes a bet, refunds one, deposits): served on money's own connections (db/client.ts). */
  money?: true;
  /** Headers the caller must send besides authentication (the wallet's signature). */
  headers?: { name: string; required: boolean; description: string }[];
  answers: Record<number, Answer>;
}

/** Keeps each endpoint's schema types exact for the route wrappers. */
const endpoint = <Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined, P extends z.ZodType | undefined = undefined, A extends Auth = "none">(
  e: Endpoint<Q, B, P, A>,
) => e;

const error = (description: string): Answer => ({ description, schema: R.ErrorEnvelope });
const tooMany = (what: string) => error(`\`too_many_requests\`: too many ${what} from the caller's address; \`Retry-After\` says when to try again`);
const playerErrors = {
  400: error("The query, path or body is invalid (`validation_failed`, `invalid_json`); `errors` lists each field's problem"),
  401: error("`token_missing`, `token_invalid` or `token_expired`: the X-Player-Token header"),
  429: tooMany("unknown player tokens"),
  503: error("`database_timeout`: the database is busy; nothing was changed. `database_unavailable`: the database cannot be reached"),
};
/** Lobby reads may also be shed while the instance serves money first. */
const lobbyReadErrors = {
  ...playerErrors,
  429: error(
    "`too_many_requests`: too many unknown player tokens from the caller's address, or this player's reads past their share (`LOBBY_READS_PER_PLAYER` in flight, `LOBBY_READ_RATE_PER_PLAYER` a second); `Retry-After` says when to try again",
  ),
  503: error(
    "`overloaded`: the instance is busy and sheds lobby reads so that wallet and bet calls keep their pace; `Retry-After` says when to ask again. `database_timeout`, `database_unavailable` as elsewhere",
  ),
};
const adminErrors = {
  400: playerErrors[400],
  401: error("`admin_unauthorized`: no or a wrong `Authorization: Bearer <ADMIN_TOKEN>`"),
  429: tooMany("wrong admin tokens"),
  503: playerErrors[503],
};

const roomExample = {
  id: "0b9f6c1e5d2a4f7e8c3b",
  name: "Friday table",
  bet_amount: 2.5,
  currency: "USD",
  current_players: 1,
  max_players: 4,
  player_limit: 4,
  status: "waiting",
  is_joinable: true,
  is_incremental: false,
  rake_percentage: 5,
  time_bank: 30,
  turn: 20,
  created_at: "2026-11-22T08:00:00.000Z",
  updated_at: "2026-11-22T08:00:00.000Z",
  players: [{ id: "p_7f3a", name: "alice", joined_at: "2026-11-22T08:00:00.000Z" }],
  url: "https://lobby.example.com/rooms/0b9f6c1e5d2a4f7e8c3b",
};

const walletHeaders = [
  { name: "X-Signature", required: true, description: "HMAC-SHA256 of the exact body bytes with the signing secret, hex (base64 and a `sha256=` prefix are accepted too)" },
];
const walletAnswers = (schema: z.ZodType, ok: unknown): Record<number, Answer> => ({
  200: { description: "A definitive answer: `OK`, or an `ERR_…` refusal that changed nothing. Do not retry a refusal.", schema, example: ok },
  429: { description: "`ERR_TOO_MANY_REQUESTS`: too many bad signatures from the caller's address; `Retry-After` says when to try again. A valid signature is never refused this way.", schema },
  500: { description: "`ERR_UNKNOWN`: an internal error, or the database broke off; the transfer may or may not be registered. Retry with the same body: it is registered once", schema },
  503: { description: "`ERR_TIMEOUT`: the wallet did not finish in time or is shutting down; nothing was registered; retry with the same body", schema },
});

export const endpoints = {
  health: endpoint({
    method: "GET",
    path: "/v1",
    tag: "Service",
    summary: "Health check",
    description: "Answers once the process serves and its database is open and migrated.",
    auth: "none",
    answers: { 200: { description: "The service runs", schema: R.Health, example: { type: "success", status: 200, message: "Room lobby API is running" } } },
  }),
  ready: endpoint({
    method: "GET",
    path: "/v1/ready",
    tag: "Service",
    summary: "Readiness check",
    description: "200 when the database answers and no migration is pending; 503 otherwise, and while the process shuts down. For load balancers.",
    auth: "none",
    answers: {
      200: { description: "Ready to serve", schema: R.success(R.Readiness) },
      503: error("`not_ready`: the database is unreachable or migrations are pending; `shutting_down`: the process is stopping"),
    },
  }),
  openapi: endpoint({
    method: "GET",
    path: "/v1/openapi.json",
    tag: "Service",
    summary: "This OpenAPI 3.1 document",
    auth: "none",
    answers: { 200: { description: "The OpenAPI document", schema: R.OpenApiDocument } },
  }),
  listRooms: endpoint({
    method: "GET",
    path: "/v1/rooms",
    tag: "Rooms",
    summary: "List rooms",
    description:
      "Rooms matching every given filter, a page at a time, in the order `sort` names (newest first by default), with the exact total and the caller's own unfinished rooms.",
    auth: "player",
    lobbyRead: true,
    query: ListRoomsQuery,
    headers: [
      {
        name: "X-Lobby-After",
        required: false,
        description: "The `X-Lobby-Write` value of the caller's latest room change (create, join, leave): the answer is sure to include it, on any instance",
      },
    ],
    answers: { 200: { description: "A page of rooms", schema: R.success(R.RoomList) }, ...lobbyReadErrors },
  }),
  createRoom: endpoint({
    method: "POST",
    path: "/v1/rooms",
    tag: "Rooms",
    money: true,
    summary: "Create a room",
    description: "Creates a waiting room, debits the creator's bet and seats them, in one transaction. The answer's `X-Lobby-Write` header, sent back as `X-Lobby-After` on list reads, makes them include the change.",
    auth: "player",
    body: CreateRoomInput,
    bodyExample: { name: "Friday table", bet_amount: 2.5, currency: "USD", player_limit: 4, turn: 20, time_bank: 30, rake_percentage: 5 },
    answers: {
      200: { description: "The room, created", schema: R.success(R.Room), example: { type: "success", status: 200, data: roomExample } },
      ...playerErrors,
      409: error("`currency_mismatch` (the room's currency is not the player's), `insufficient_funds`, or `too_many_open_rooms` (the player already sits in `MAX_OPEN_ROOMS_PER_PLAYER` waiting rooms, 20 by default)"),
    },
  }),
  getRoom: endpoint({
    method: "GET",
    path: "/v1/rooms/{room_id}",
    tag: "Rooms",
    summary: "Room details",
    auth: "player",
    lobbyRead: true,
    params: RoomIdParams,
    answers: { 200: { description: "The room", schema: R.success(R.RoomDetails) }, ...lobbyReadErrors, 404: error("`room_not_found`") },
  }),
  roomResult: endpoint({
    method: "GET",
    path: "/v1/rooms/{room_id}/result",
    tag: "Rooms",
    summary: "What each player bet and got back in a room",
    description:
      "For every player who moved money in the room's round: the bet, the payout (the platform's credits of the round), what was refunded, and the net. `final` once the room is finished.",
    auth: "player",
    lobbyRead: true,
    params: RoomIdParams,
    answers: { 200: { description: "The room's result", schema: R.success(R.RoomResult) }, ...lobbyReadErrors, 404: error("`room_not_found`") },
  }),
  joinRoom: endpoint({
    method: "POST",
    path: "/v1/rooms/{room_id}/join",
    tag: "Rooms",
    money: true,
    summary: "Join a room",
    description: "Seats the caller and debits the room's bet, in one transaction. The last seat turns the room `playing`. The answer carries `X-Lobby-Write` (see `POST /v1/rooms`).",
    auth: "player",
    params: RoomIdParams,
    answers: {
      200: { description: "The room, with the caller seated", schema: R.success(R.Room) },
      ...playerErrors,
      404: error("`room_not_found`"),
      409: error("`room_full`, `room_not_waiting`, `already_seated`, `too_many_joins` (10 joins of one room at most), `currency_mismatch` or `insufficient_funds`; nothing was debited"),
    },
  }),
  leaveRoom: endpoint({
    method: "POST",
    path: "/v1/rooms/{room_id}/leave",
    tag: "Rooms",
    money: true,
    summary: "Leave a waiting room",
    description: "Unseats the caller and refunds the bet (reason `player_exit`). A room left empty is finished. A playing room cannot be left. The answer carries `X-Lobby-Write` (see `POST /v1/rooms`).",
    auth: "player",
    params: RoomIdParams,
    answers: {
      200: { description: "The room, without the caller", schema: R.success(R.Room) },
      ...playerErrors,
      404: error("`room_not_found`"),
      409: error("`room_not_waiting` or `not_seated`; nothing was refunded"),
    },
  }),
  events: endpoint({
    method: "GET",
    path: "/v1/events",
    tag: "Rooms",
    summary: "Live updates (server-sent events)",
    description:
      "A `text/event-stream`. `event: rooms`: a batch of room changes, at most a few a second, data `{rooms: [{room, previous_status, changes: [{xid, from, to}]}]}`, where `room` is the room as the list shows it now, `previous_status` its status before the batch (null: created in it), and `changes` each committed change with its transaction id (compare with a list answer's `snapshot` to tell whether that answer holds it). `event: balance`: the caller's balance changed, data `{type: \"balance\", player_id}`. `event: resync`: changes may have been missed (the server's database connection came back, or it fell behind): refetch what you show. `event: closed`, data `{reason: expired|revoked|slow}`: the server ends the stream. Every instance sees every committed change. Reconnect on close and refetch what you show. At most `LIVE_STREAMS_PER_PLAYER` streams per player and `LIVE_STREAMS_PER_INSTANCE` per instance: past them, 503 `overloaded`.",
    auth: "player",
    lobbyRead: true,
    answers: { 200: { description: "The event stream; it stays open" }, 401: playerErrors[401], 429: playerErrors[429], 503: lobbyReadErrors[503] },
  }),
  playerInfo: endpoint({
    method: "GET",
    path: "/v1/player/me",
    tag: "Player",
    summary: "The calling player's profile and balance",
    auth: "player",
    lobbyRead: true,
    answers: { 200: { description: "The player", schema: R.success(R.PlayerInfo) }, ...lobbyReadErrors },
  }),
  balance: endpoint({
    method: "GET",
    path: "/v1/player/balance",
    tag: "Player",
    summary: "The calling player's balance",
    auth: "player",
    lobbyRead: true,
    answers: { 200: { description: "The balance", schema: R.success(R.Balance), example: { type: "success", status: 200, data: { balance: "97.50", currency: "USD" } } }, ...lobbyReadErrors },
  }),
  ownTransactions: endpoint({
    method: "GET",
    path: "/v1/player/transactions",
    tag: "Player",
    summary: "The calling player's ledger, newest first",
    description: "Every movement of the caller's money (bets, wins, refunds, deposits) with its cause, its room and the balance after it, a page at a time.",
    auth: "player",
    lobbyRead: true,
    query: ListTransactionsQuery,
    answers: { 200: { description: "A page of the player's ledger", schema: R.success(R.PlayerTransactionList) }, ...lobbyReadErrors },
  }),
  createPlayer: endpoint({
    method: "POST",
    path: "/v1/admin/players",
    tag: "Admin",
    money: true,
    summary: "Register a player",
    description: "Creates a player with an opening balance, recorded in the ledger as a deposit.",
    auth: "admin",
    body: CreatePlayerInput,
    bodyExample: { username: "alice", currency: "USD", balance: "100.00" },
    answers: { 201: { description: "The player", schema: R.success(R.AdminPlayer) }, ...adminErrors, 409: error("`username_taken`") },
  }),
  issueToken: endpoint({
    method: "POST",
    path: "/v1/admin/players/{player_id}/tokens",
    tag: "Admin",
    summary: "Issue a launch token and its launch address",
    auth: "admin",
    params: PlayerIdParams,
    body: IssueTokenInput,
    bodyExample: { ttl_seconds: 3600 },
    answers: { 201: { description: "The token, shown once", schema: R.success(R.IssuedToken) }, ...adminErrors, 404: error("`player_not_found`") },
  }),
  revokeTokens: endpoint({
    method: "POST",
    path: "/v1/admin/players/{player_id}/tokens/revoke",
    tag: "Admin",
    summary: "Revoke every launch token of a player",
    description: "Deletes all of the player's launch tokens, expired or not: each answers 401 `token_invalid` from then on. Recorded in the audit log.",
    auth: "admin",
    params: PlayerIdParams,
    answers: { 200: { description: "How many tokens were revoked", schema: R.success(R.RevokedTokens), example: { type: "success", status: 200, data: { revoked: 2 } } }, ...adminErrors, 404: error("`player_not_found`") },
  }),
  playerTransactions: endpoint({
    method: "GET",
    path: "/v1/admin/players/{player_id}/transactions",
    tag: "Admin",
    summary: "A player's ledger, newest first",
    auth: "admin",
    params: PlayerIdParams,
    query: ListTransactionsQuery,
    answers: { 200: { description: "A page of ledger rows", schema: R.success(R.TransactionList) }, ...adminErrors, 404: error("`player_not_found`") },
  }),
  signIn: endpoint({
    method: "POST",
    path: "/v1/admin/session",
    tag: "Admin",
    summary: "Sign in to the admin console",
    description: "Checks the admin token and sets the console's session cookie (httpOnly, SameSite=strict, Secure over HTTPS, 8 hours). Admin calls then work with the cookie; changes need this site's Origin.",
    auth: "none",
    body: SignInInput,
    answers: {
      200: { description: "Signed in; the cookie is set", schema: R.success(R.SignedIn) },
      400: adminErrors[400],
      401: adminErrors[401],
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
      200: { description: "The cookie is cleared", schema: R.success(R.SignedIn) },
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
    query: AdminListRoomsQuery,
    answers: { 200: { description: "A page of rooms", schema: R.success(R.AdminRoomList) }, ...adminErrors },
  }),
  adminRoom: endpoint({
    method: "GET",
    path: "/v1/admin/rooms/{room_id}",
    tag: "Admin",
    summary: "A room with its seats, bets, refunds and the ledger rows of its round",
    auth: "admin",
    params: RoomIdParams,
    answers: { 200: { description: "The room", schema: R.success(R.AdminRoomDetail) }, ...adminErrors, 404: error("`room_not_found`") },
  }),
  findPlayers: endpoint({
    method: "GET",
    path: "/v1/admin/players",
    tag: "Admin",
    summary: "Find players by name or id",
    description: "Players whose name contains `q` (any case) or whose id is `q`; every player without it. By name, a page at a time, with balance and last activity.",
    auth: "admin",
    query: ListPlayersQuery,
    answers: { 200: { description: "A page of players", schema: R.success(R.AdminPlayerList) }, ...adminErrors },
  }),
  adminPlayer: endpoint({
    method: "GET",
    path: "/v1/admin/players/{player_id}",
    tag: "Admin",
    summary: "A player: profile, real and bonus balance",
    auth: "admin",
    params: PlayerIdParams,
    answers: { 200: { description: "The player", schema: R.success(R.AdminPlayer) }, ...adminErrors, 404: error("`player_not_found`") },
  }),
  closeRoom: endpoint({
    method: "POST",
    path: "/v1/admin/rooms/{room_id}/close",
    tag: "Admin",
    money: true,
    summary: "Close a room",
    description: "Refunds every seated bet not yet refunded (reason `game_error`) and finishes the room. Recorded in the audit log with the admin's `reason` (optional; the console asks for one).",
    auth: "admin",
    params: RoomIdParams,
    body: AdminActionInput,
    bodyExample: { reason: "The game server crashed mid-round" },
    answers: { 200: { description: "The finished room and the refunds made", schema: R.success(R.CloseResult) }, ...adminErrors, 404: error("`room_not_found`"), 409: error("`room_finished`") },
  }),
  resendPlatformEvent: endpoint({
    method: "POST",
    path: "/v1/admin/platform-events/{event_id}/resend",
    tag: "Admin",
    summary: "Send a platform event again",
    description:
      "Puts a room event back in line for PLATFORM_EVENTS_URL at once, whether it was delivered or given up after three days. It keeps its `event_id`, so a platform that has it already ignores it. Recorded in the audit log with the admin's `reason` (optional).",
    auth: "admin",
    params: EventIdParams,
    body: AdminActionInput,
    bodyExample: { reason: "The platform lost its copy" },
    answers: { 200: { description: "Queued", schema: R.success(R.ResendResult) }, ...adminErrors, 404: error("`event_not_found`") },
  }),
  removePlayer: endpoint({
    method: "POST",
    path: "/v1/admin/rooms/{room_id}/players/{player_id}/remove",
    tag: "Admin",
    money: true,
    summary: "Remove a player from a waiting room",
    description: "Unseats the player and refunds the bet with the ledger reason `admin_removal` (a removal, not a leave). Recorded in the audit log with the admin's `reason` (optional; the console asks for one) and the refund.",
    auth: "admin",
    params: RoomPlayerParams,
    body: AdminActionInput,
    bodyExample: { reason: "Seat held by a suspended account" },
    answers: { 200: { description: "The room without the player, and the bet returned", schema: R.success(R.RemoveResult) }, ...adminErrors, 404: error("`room_not_found`"), 409: error("`room_not_waiting` or `not_seated`") },
  }),
  auditLog: endpoint({
    method: "GET",
    path: "/v1/admin/audit",
    tag: "Admin",
    summary: "The audit log of admin actions, newest first",
    description: "Filtered by `action`, `actor` (the credential, `admin token` or `none`, or the address the action came from), `room_id`, `player_id` and a time range (`from`, `to`, both included, ISO 8601 with an offset); every filter given applies.",
    auth: "admin",
    query: ListAuditQuery,
    answers: { 200: { description: "A page of admin actions", schema: R.success(R.AuditList) }, ...adminErrors },
  }),
  dashboard: endpoint({
    method: "GET",
    path: "/v1/admin/dashboard",
    tag: "Admin",
    summary: "The console's dashboard: rooms, money and players over time",
    description:
      "`by=hour` (the default): the last 24 UTC hours; `by=day`: the last 30 UTC days, from the same sums as the daily report. Rooms by status at the end of each period, counted back from now through every change of status; rooms created and finished in it; bets, wins, refunds and rake per currency; players who placed a bet.",
    auth: "admin",
    query: DashboardQuery,
    answers: { 200: { description: "The dashboard's series", schema: R.success(R.Dashboard) }, ...adminErrors },
  }),
  dailyReport: endpoint({
    method: "GET",
    path: "/v1/admin/reports/daily",
    tag: "Admin",
    summary: "The daily report: the ledger per currency and UTC day",
    description:
      "For each currency and day from `from` to `to` (both included, UTC, at most 366 days, not after today): the players' balances at the start and the end of the day, and the deposits, bets, wins and refunds between, with their counts and the rake of the day's bets (less that of refunded bets). Opening + deposits − bets + wins + refunds = closing, to the cent. `format=csv` answers the same lines as CSV.",
    auth: "admin",
    query: DailyReportQuery,
    answers: { 200: { description: "The report's lines, oldest day first, currencies in order", schema: R.success(R.DailyReport), csv: "also" }, ...adminErrors },
  }),
  ledgerExport: endpoint({
    method: "GET",
    path: "/v1/admin/reports/ledger",
    tag: "Admin",
    summary: "Every movement of money in a range of days, as CSV",
    description:
      "One line per ledger row from the start of `from` to the end of `to` (UTC, at most 366 days), in the order written: `time, transfer_id` (the platform's reference), `casino_transfer_id` (ours), `kind, amount, currency, player_id, round_id, reference_id, reason`. Streamed; a download that breaks off ends without its last line.",
    auth: "admin",
    query: LedgerExportQuery,
    answers: { 200: { description: "The ledger rows as CSV", csv: "only" }, ...adminErrors },
  }),
  adminEvents: endpoint({
    method: "GET",
    path: "/v1/admin/events",
    tag: "Admin",
    summary: "Live updates for the admin console (server-sent events)",
    description: "Every room change (`event: room`) and every balance change (`event: balance`).",
    auth: "admin",
    answers: { 200: { description: "The event stream; it stays open" }, 401: adminErrors[401], 429: adminErrors[429] },
  }),
  metrics: endpoint({
    method: "GET",
    path: "/metrics",
    tag: "Service",
    summary: "Prometheus metrics",
    description: "Request counts and latency histograms by route and status, wallet outcomes by status_code, rooms by status, database connections.",
    auth: "admin",
    answers: { 200: { description: "Prometheus text exposition format 0.0.4" }, 401: adminErrors[401], 429: adminErrors[429] },
  }),
  credit: endpoint({
    method: "POST",
    path: "/wallet/credit",
    tag: "Wallet",
    summary: "Credit a player (platform callback)",
    description: "Deposits a win exactly once per transfer_id. An exact repeat gets the first answer again.",
    auth: "none",
    body: CreditRequest,
    headers: walletHeaders,
    bodyExample: {
      request_id: "req-81f2",
      timestamp: 1795334400,
      session_id: "sess-3c1d",
      player_id: "p_7f3a",
      game_code: "dice",
      transfer_id: "tr-9a0b",
      round_id: "0b9f6c1e5d2a4f7e8c3b",
      round_completed: true,
      amount: "9.50",
      currency: "USD",
      reason: "win",
    },
    answers: walletAnswers(R.CreditAnswer, { status_code: "OK", message: "Credit registered.", balance: "107.00", casino_transfer_id: "0c2d4e6f8a1b3c5d7e9f", real_amount: "9.50", bonus_amount: "0.00" }),
  }),
  refund: endpoint({
    method: "POST",
    path: "/wallet/refund",
    tag: "Wallet",
    summary: "Refund a bet (platform callback)",
    description:
      "Returns a bet in full, at most once per bet and once per reference_id. X-Timestamp must equal the body's timestamp. An exact repeat gets its stored answer, whatever its X-Timestamp; a bet already returned answers `OK` with the refund that returned it and moves nothing. A `player_exit` refund frees its seat in a waiting room; once every seat's bet is back, the room finishes.",
    auth: "none",
    body: RefundRequest,
    headers: [...walletHeaders, { name: "X-Timestamp", required: true, description: "The body's timestamp (milliseconds since the epoch), within the tolerance window of the server's clock" }],
    bodyExample: {
      request_id: "req-81f3",
      timestamp: 1795334400123,
      session_id: "sess-3c1d",
      player_id: "p_7f3a",
      game_code: "dice",
      transfer_id: "1a2b3c4d5e6f7a8b9c0d",
      round_id: "0b9f6c1e5d2a4f7e8c3b",
      amount: "2.50",
      currency: "USD",
      reason: "player_exit",
      reference_id: "ref-5e6f",
    },
    answers: walletAnswers(R.RefundAnswer, { status_code: "OK", message: "Refund registered.", balance: "100.00", casino_transfer_id: "5d7e9f0c2d4e6f8a1b3c" }),
  }),
  bets: endpoint({
    method: "POST",
    path: "/wallet/bets",
    tag: "Wallet",
    summary: "The bets of a round (signed like the callbacks)",
    description:
      "For the platform: the bets taken for a round (a room's id), oldest first, each with the `transfer_id` a refund names and whether it was refunded. Signed like the callbacks: `X-Signature` over the exact body bytes. Moves nothing. An unknown round has no bets.",
    auth: "none",
    body: BetsRequest,
    headers: walletHeaders,
    bodyExample: { round_id: "0b9f6c1e5d2a4f7e8c3b" },
    answers: walletAnswers(R.BetsAnswer, {
      status_code: "OK",
      message: "1 bet in round 0b9f6c1e5d2a4f7e8c3b.",
      round_id: "0b9f6c1e5d2a4f7e8c3b",
      bets: [{ transfer_id: "1a2b3c4d5e6f7a8b9c0d", player_id: "p_7f3a", amount: "2.50", currency: "USD", refunded: false, refund_casino_transfer_id: "" }],
    }),
  }),
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
    answers: walletAnswers(R.EventsAnswer, {
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
    answers: walletAnswers(R.SessionAnswer, { status_code: "OK", message: "Session of alice at seat 2.", player_id: "p_7f3a", username: "alice", currency: "USD", balance: "97.50", round_id: "0b9f6c1e5d2a4f7e8c3b", seat: 2 }),
  }),
} satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;

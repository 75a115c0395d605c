import { z } from "zod";
import { ADMIN_ACTIONS } from "@/db/schema/audit";
import { httpStatusOf } from "@/lib/http/statuses";
import { ROOM_STATUSES } from "@/lib/rooms/schemas";
import { MOVEMENT_CAUSES } from "@/lib/wallet/movement-cause";
import { STATUS_CODES } from "@/lib/wallet/status-codes";

// The shapes of the API's answers, as zod schemas: the OpenAPI document is generated from them and
// the presenters are typed by them, so the document and the answers cannot drift apart.

const moneyText = z.string().meta({ description: "A decimal amount in the currency's minor units, e.g. \"12.50\"", example: "12.50" });
const instant = z.string().meta({ description: "ISO 8601 date and time, UTC", example: "2026-11-22T08:00:00.000Z" });

export const SeatedPlayer = z.object({ id: z.string(), name: z.string(), joined_at: instant }).meta({ id: "SeatedPlayer" });

export const Room = z
  .object({
    id: z.string(),
    name: z.string(),
    bet_amount: z.number().meta({ description: "The stake each player puts in", example: 2.5 }),
    currency: z.string(),
    current_players: z.number().int(),
    max_players: z.number().int(),
    player_limit: z.number().int(),
    status: z.enum(ROOM_STATUSES),
    is_joinable: z.boolean(),
    is_incremental: z.boolean(),
    rake_percentage: z.number(),
    time_bank: z.number().int(),
    turn: z.number().int().meta({ description: "Seconds per turn" }),
    created_at: instant,
    updated_at: instant,
    players: z.array(SeatedPlayer),
    url: z.string().meta({ description: "The room's page in the lobby" }),
  })
  .meta({ id: "Room" });

export const RoomDetails = Room.extend({
  game_url: z
    .string()
    .optional()
    .meta({ description: "Only for a seated player of a playing room: the game's table, with a game session of their own (`GAME_LAUNCH_URL`; see docs/integration.md)" }),
}).meta({ id: "RoomDetails" });

const pageFields = {
  total: z.number().int().meta({ description: "Exact number of records matching the filters" }),
  page: z.number().int(),
  limit: z.number().int(),
  total_pages: z.number().int(),
};

export const RoomList = z
  .object({
    rooms: z.array(Room),
    active_rooms: z.array(Room).meta({ description: "The caller's own unfinished rooms, newest first, at most 50" }),
    ...pageFields,
    snapshot: z.string().meta({
      description:
        "The database snapshot the `total` was counted in (`xmin:xmax:xip,…`, PostgreSQL's pg_snapshot): a room change of `GET /v1/events` whose `xid` it holds is already counted",
      example: "7402:7410:7405,7407",
    }),
  })
  .meta({ id: "RoomList" });

export const Balance = z.object({ balance: moneyText, currency: z.string() }).meta({ id: "Balance" });

export const PlayerInfo = z
  .object({
    id: z.string().meta({ description: "The player's id: how the lobby finds its own seats in the rooms of `GET /v1/events`" }),
    username: z.string(),
    balance: moneyText,
    currency: z.string(),
    avatar: z.object({ name: z.string(), url: z.string() }),
  })
  .meta({ id: "PlayerInfo" });

export const AdminPlayer = PlayerInfo.extend({
  real_balance: moneyText,
  bonus_balance: moneyText,
  created_at: instant,
  updated_at: instant,
}).meta({ id: "AdminPlayer" });

export const AdminPlayerSummary = z
  .object({
    id: z.string(),
    username: z.string(),
    currency: z.string(),
    balance: moneyText.meta({ description: "Real and bonus money together" }),
    last_activity_at: instant.nullable().meta({ description: "The time of the player's newest ledger row; null for none" }),
    created_at: instant,
  })
  .meta({ id: "AdminPlayerSummary" });

export const AdminPlayerList = z.object({ players: z.array(AdminPlayerSummary), ...pageFields }).meta({ id: "AdminPlayerList" });

const count = z.number().int().meta({ description: "How many ledger rows" });
export const DailyReportLine = z
  .object({
    date: z.string().meta({ description: "The UTC day, YYYY-MM-DD", example: "2026-11-23" }),
    currency: z.string(),
    opening_balance: moneyText.meta({ description: "Every player's balance in this currency at the start of the day, summed" }),
    deposits: moneyText,
    bets: moneyText,
    wins: moneyText,
    refunds: moneyText,
    rake: moneyText.meta({ description: "The rake of the day's bets at their rooms' rates, less that of the bets refunded that day" }),
    closing_balance: moneyText.meta({ description: "opening_balance + deposits − bets + wins + refunds" }),
    deposit_count: count,
    bet_count: count,
    win_count: count,
    refund_count: count,
  })
  .meta({ id: "DailyReportLine" });

export const DailyReport = z
  .object({ from: z.string(), to: z.string(), currency: z.string().nullable().meta({ description: "The currency asked for; null for all" }), days: z.array(DailyReportLine) })
  .meta({ id: "DailyReport" });

const roomsAtEnd = (status: string) => z.number().int().nullable().meta({ description: `Rooms ${status} at the end of the period (now, for the current one); null for periods before the rooms' history was kept` });
export const Dashboard = z
  .object({
    by: z.enum(["hour", "day"]),
    periods: z.array(z.string()).meta({ description: "The periods shown, oldest first: UTC hours (YYYY-MM-DDTHH) or days (YYYY-MM-DD); the last is the current one" }),
    generated_at: z.string(),
    rooms: z.array(
      z.object({
        period: z.string(),
        waiting: roomsAtEnd("waiting"),
        playing: roomsAtEnd("playing"),
        finished: roomsAtEnd("finished"),
        created: z.number().int().meta({ description: "Rooms created during the period" }),
        finished_in_period: z.number().int().meta({ description: "Rooms finished during the period" }),
      }),
    ),
    money: z.array(
      z.object({
        currency: z.string(),
        points: z.array(z.object({ period: z.string(), bets: moneyText, wins: moneyText, refunds: moneyText, rake: moneyText.meta({ description: "The rake of the period's bets, less that of the bets refunded in it" }) })),
      }),
    ).meta({ description: "Per currency that has any ledger movement in the range, in order" }),
    players: z.array(z.object({ period: z.string(), players: z.number().int().meta({ description: "Players who placed a bet in the period" }) })),
  })
  .meta({ id: "Dashboard" });

export const IssuedToken = z
  .object({
    token: z.string().meta({ description: "Shown once; only its hash is stored" }),
    launch_url: z.string().meta({ description: "The address to hand to the player" }),
    expires_at: instant,
  })
  .meta({ id: "IssuedToken" });

export const Transaction = z
  .object({
    casino_transfer_id: z.string(),
    kind: z.enum(["deposit", "debit", "credit", "refund"]),
    amount: moneyText,
    real_amount: moneyText,
    bonus_amount: moneyText,
    currency: z.string(),
    transfer_id: z.string().nullable(),
    round_id: z.string().nullable(),
    reference_id: z.string().nullable(),
    reason: z.string().nullable(),
    round_completed: z.boolean().nullable(),
    balance_after: moneyText,
    real_balance_after: moneyText,
    bonus_balance_after: moneyText,
    created_at: instant,
  })
  .meta({ id: "Transaction" });

export const TransactionList = z.object({ transactions: z.array(Transaction), ...pageFields }).meta({ id: "TransactionList" });

export const PlayerTransaction = z
  .object({
    id: z.string().meta({ description: "The ledger row's id (the wallet's `casino_transfer_id`)" }),
    kind: z.enum(["deposit", "debit", "credit", "refund"]).meta({ description: "`debit` takes money (a bet); every other kind gives it" }),
    cause: z.enum(MOVEMENT_CAUSES).meta({
      description:
        "Why the money moved: `deposit`, `bet`, `win`, or, for refunds, `left_room` (the player left), `removed_by_admin`, `room_closed` (an admin closed the room) or `platform_refund`",
    }),
    amount: moneyText.meta({ description: "Always positive; `kind` says its direction" }),
    currency: z.string(),
    reason: z.string().meta({ description: "The reason as recorded: the platform's (`win`, `player_exit`, `game_error`…) or the service's (`bet`, `opening_balance`)" }),
    room: z.object({ id: z.string(), name: z.string() }).nullable().meta({ description: "The room of the round, when the round is one of this service's rooms" }),
    round_id: z.string().nullable(),
    balance_after: moneyText,
    created_at: instant,
  })
  .meta({ id: "PlayerTransaction" });

export const RoomResult = z
  .object({
    room_id: z.string(),
    status: z.enum(ROOM_STATUSES),
    final: z.boolean().meta({ description: "The room is finished: nothing more will move in its round" }),
    currency: z.string(),
    players: z.array(
      z.object({
        player_id: z.string(),
        name: z.string(),
        bet: moneyText.meta({ description: "What the player bet in the room" }),
        won: moneyText.meta({ description: "The payout: the platform's credits of the room's round" }),
        refunded: moneyText.meta({ description: "Bets returned: left, removed, closed or refunded by the platform" }),
        net: moneyText.meta({ description: "won + refunded − bet; negative for a loss" }),
      }),
    ),
  })
  .meta({ id: "RoomResult" });

export const PlayerTransactionList = z.object({ transactions: z.array(PlayerTransaction), ...pageFields }).meta({ id: "PlayerTransactionList" });

const RefundMade = z
  .object({ player_id: z.string(), transfer_id: z.string().meta({ description: "The bet's transfer_id" }), casino_transfer_id: z.string().meta({ description: "The refund's ledger id" }), amount: moneyText, currency: z.string() })
  .meta({ id: "RefundMade" });

export const CloseResult = z.object({ room: Room, refunds: z.array(RefundMade) }).meta({ id: "CloseResult" });

export const ResendResult = z.object({ event_id: z.string(), queued: z.literal(true) }).meta({ id: "ResendResult" });

export const RemoveResult = z
  .object({ room: Room, refund: RefundMade.nullable().meta({ description: "The bet returned; null when it was back already (the platform refunded it)" }) })
  .meta({ id: "RemoveResult" });

export const AuditEntry = z
  .object({
    action: z.enum(ADMIN_ACTIONS),
    actor: z.string(),
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

export const AuditList = z.object({ actions: z.array(AuditEntry), ...pageFields }).meta({ id: "AuditList" });

export const RevokedTokens = z.object({ revoked: z.number().int().min(0) }).meta({ id: "RevokedTokens" });
export const SignedIn = z.object({ signed_in: z.boolean(), expires_at: instant.nullable() }).meta({ id: "SignedIn" });

export const AdminRoom = Room.extend({
  pot: moneyText.meta({ description: "Every seat's bet together" }),
  rake: moneyText.meta({ description: "The operator's share of the pot" }),
  stuck: z.boolean().meta({ description: "Playing, without a change, for longer than STUCK_ROOM_MINUTES" }),
}).meta({ id: "AdminRoom" });

export const AdminRoomList = z
  .object({
    rooms: z.array(AdminRoom),
    counts: z
      .object({ waiting: z.number().int(), playing: z.number().int(), finished: z.number().int() })
      .meta({ description: "The rooms matching every filter but `status` (and the search), by status" }),
    totals: z
      .array(z.object({ currency: z.string(), rooms: z.number().int(), pot: moneyText, rake: moneyText }))
      .meta({ description: "The money on the tables: pot and rake per currency over the matching rooms (every page) that are not finished" }),
    stuck_after_seconds: z.number().int().meta({ description: "STUCK_ROOM_MINUTES in seconds: when a playing room is flagged `stuck`" }),
    ...pageFields,
  })
  .meta({ id: "AdminRoomList" });

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
    ledger: z.array(
      Transaction.extend({
        player_id: z.string(),
        player_name: z.string(),
        game_session: z.string().nullable().meta({ description: "The game session of this room's table the platform named in the call (GAME_LAUNCH_URL's session_id); null when it named none of them" }),
      }),
    ),
  })
  .meta({ id: "AdminRoomDetail" });

export const Readiness = z
  .object({
    database: z.literal("reachable"),
    migrations: z.literal("up to date"),
    settings_fingerprint: z
      .string()
      .regex(/^[0-9a-f]{16}$/)
      .meta({ description: "The same on every instance whose shared settings and secrets match (docs/operations.md, \"Several instances\")" }),
  })
  .meta({ id: "Readiness" });

/** `{type: "success", status, data}` around a resource. */
export const success = <T extends z.ZodType>(data: T) =>
  z.object({ type: z.literal("success"), status: z.number().int(), data });

/** The outline of an OpenAPI 3.1 document: what a client reads before walking its paths. */
export const OpenApiDocument = z
  .looseObject({ openapi: z.string().startsWith("3.1"), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()), components: z.record(z.string(), z.unknown()) })
  .meta({ id: "OpenApiDocument", description: "An OpenAPI 3.1 document" });

export const Health = z.object({ type: z.literal("success"), status: z.literal(200), message: z.string() }).meta({ id: "Health" });

export const ErrorEnvelope = z
  .object({
    type: z.literal("error"),
    status: z.number().int(),
    code: z.enum(Object.keys(httpStatusOf) as [keyof typeof httpStatusOf, ...(keyof typeof httpStatusOf)[]]),
    message: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: "Error", description: "The one shape of every error answer of the /v1 API" });

const walletStatus = z.enum(Object.keys(STATUS_CODES) as [keyof typeof STATUS_CODES, ...(keyof typeof STATUS_CODES)[]]);
// Required, refusals included: an empty string where there is no value (an unknown player, a refusal
// that registered nothing), so that a strict parser on the platform's side reads every answer.
const orEmpty = (schema: z.ZodString, description: string) => z.union([schema, z.literal("")]).meta({ description });
const balanceField = orEmpty(moneyText, "The player's balance after the call; empty where the player is unknown");
const transferField = orEmpty(z.string(), "The operator's reference of the transfer; empty when nothing was registered");

export const RefundAnswer = z
  .object({ status_code: walletStatus, message: z.string(), balance: balanceField, casino_transfer_id: transferField })
  .meta({ id: "RefundAnswer", description: "Every refund answer; status_code says what happened (see docs/wallet.md)" });

export const CreditAnswer = RefundAnswer.extend({
  real_amount: orEmpty(moneyText, "The part deposited to real money; empty on a refusal"),
  bonus_amount: orEmpty(moneyText, "The part deposited to bonus money; empty on a refusal"),
}).meta({ id: "CreditAnswer", description: "Every credit answer; status_code says what happened (see docs/wallet.md)" });

export const RoundBet = z
  .object({
    transfer_id: z.string().meta({ description: "The bet's transfer_id: what a refund names" }),
    player_id: z.string(),
    amount: moneyText,
    currency: z.string(),
    refunded: z.boolean(),
    refund_casino_transfer_id: orEmpty(z.string(), "The refund that returned it; empty while it is not back"),
  })
  .meta({ id: "RoundBet" });

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

export const BetsAnswer = z
  .object({ status_code: walletStatus, message: z.string(), round_id: z.string().optional(), bets: z.array(RoundBet).optional().meta({ description: "On OK: the round's bets, oldest first" }) })
  .meta({ id: "BetsAnswer", description: "The bets of a round; status_code says what happened" });

import { z } from "zod";
import { endpoint, error, idempotencyKeyHeader, instant, keyErrors, keyInUse, lobbyReadErrors, moneyText, pageFields, playerErrors, success } from "@/lib/contract";
import { CreateRoomInput, ListRoomsQuery, ROOM_STATUSES, RoomIdParams } from "./schemas";

const limitReached = "`limit_reached` (the player's own limits refuse the bet: self-excluded, or past a bet or loss limit; `limit` names it, with its figures)";

// The lobby's rooms: what the API answers about them, and the endpoints that answer it.

export const SeatedPlayer = z.object({ id: z.string(), name: z.string(), joined_at: instant }).meta({ id: "SeatedPlayer" });
export type SeatedPlayer = z.infer<typeof SeatedPlayer>;

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
export type Room = z.infer<typeof Room>;

export const RoomDetails = Room.extend({
  game_url: z
    .string()
    .optional()
    .meta({ description: "Only for a seated player of a playing room: the game's table, with a game session of their own (`GAME_LAUNCH_URL`; see docs/integration.md)" }),
}).meta({ id: "RoomDetails" });
export type RoomDetails = z.infer<typeof RoomDetails>;

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
export type RoomList = z.infer<typeof RoomList>;

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
export type RoomResult = z.infer<typeof RoomResult>;

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

export const roomsContract = {
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
    answers: { 200: { description: "A page of rooms", schema: success(RoomList) }, ...lobbyReadErrors },
  }),
  createRoom: endpoint({
    method: "POST",
    path: "/v1/rooms",
    tag: "Rooms",
    money: true,
    summary: "Create a room",
    description:
      "Creates a waiting room, debits the creator's bet and seats them, in one transaction. The answer's `X-Lobby-Write` header, sent back as `X-Lobby-After` on list reads, makes them include the change. Where the operator lists the rakes allowed (`ROOM_RAKE_PERCENTAGES`), any other `rake_percentage` answers 400 `validation_failed` naming the field and the allowed values.",
    auth: "player",
    body: CreateRoomInput,
    headers: idempotencyKeyHeader,
    bodyExample: { name: "Friday table", bet_amount: 2.5, currency: "USD", player_limit: 4, turn: 20, time_bank: 30, rake_percentage: 5 },
    answers: {
      200: { description: "The room, created", schema: success(Room), example: { type: "success", status: 200, data: roomExample } },
      ...playerErrors,
      409: error(`\`currency_mismatch\` (the room's currency is not the player's), \`insufficient_funds\`, \`too_many_open_rooms\` (the player already sits in \`MAX_OPEN_ROOMS_PER_PLAYER\` waiting rooms, 20 by default), ${limitReached}, or ${keyInUse}`),
      ...keyErrors,
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
    answers: { 200: { description: "The room", schema: success(RoomDetails) }, ...lobbyReadErrors, 404: error("`room_not_found`") },
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
    answers: { 200: { description: "The room's result", schema: success(RoomResult) }, ...lobbyReadErrors, 404: error("`room_not_found`") },
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
    headers: idempotencyKeyHeader,
    answers: {
      200: { description: "The room, with the caller seated", schema: success(Room) },
      ...playerErrors,
      404: error("`room_not_found`"),
      409: error(`\`room_full\`, \`room_not_waiting\`, \`already_seated\`, \`too_many_joins\` (10 joins of one room at most), \`currency_mismatch\`, \`insufficient_funds\`, ${limitReached} or ${keyInUse}; nothing was debited`),
      ...keyErrors,
    },
  }),
  leaveRoom: endpoint({
    method: "POST",
    path: "/v1/rooms/{room_id}/leave",
    tag: "Rooms",
    money: true,
    summary: "Leave a waiting room",
    description:
      "Unseats the caller and refunds the bet (reason `player_exit`). A room left empty is finished. A playing room cannot be left. The answer carries `X-Lobby-Write` (see `POST /v1/rooms`). A player whose account is blocked may still leave, to have their bet back: the one player call a block leaves open.",
    auth: "player",
    whileBlocked: true,
    params: RoomIdParams,
    headers: idempotencyKeyHeader,
    answers: {
      200: { description: "The room, without the caller", schema: success(Room) },
      ...playerErrors,
      404: error("`room_not_found`"),
      409: error(`\`room_not_waiting\`, \`not_seated\` or ${keyInUse}; nothing was refunded`),
      ...keyErrors,
    },
  }),
};

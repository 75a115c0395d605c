import { z } from "zod";
import { adminErrors, endpoint, lobbyReadErrors, playerErrors, success } from "@/lib/contract";
import { PlayerInfo } from "@/lib/players/contract";
import { Room, RoomList } from "@/lib/rooms/contract";
import { ROOM_STATUSES } from "@/lib/rooms/schemas";
import { queryWholeNumber } from "@/lib/validation/fields";
import { PlayerTransactionList } from "@/lib/wallet/contract";

// The event streams, and the lobby's counts of players online. The streams' messages are not in the
// OpenAPI document (a stream is one string there), but they are typed from these schemas on both ends.

const status = z.enum(ROOM_STATUSES);

/** One room of an `event: rooms` batch: the room as the list shows it now, and the changes that led there. */
export const RoomUpdate = z.object({
  room: Room,
  /** Its status before the batch; null when it was created in it. */
  previous_status: status.nullable(),
  /** Each committed change with its transaction id, to compare with a list answer's snapshot. */
  changes: z.array(z.object({ xid: z.string(), from: status.nullable(), to: status })),
});
export type RoomUpdate = z.infer<typeof RoomUpdate>;

/** The data of an `event: rooms` message. */
export const RoomsEvent = z.object({ rooms: z.array(RoomUpdate) });
export type RoomsEvent = z.infer<typeof RoomsEvent>;

/**
 * What the stream's first event brings, so that a lobby coming back needs no read: the player, and on
 * request a page of rooms and the latest movements, all read after the stream began to follow changes.
 */
export const EventsQuery = z.strictObject({
  list: z
    .string()
    .optional()
    .meta({ description: "A `GET /v1/rooms` query string (e.g. `?status=waiting&page=2`; `?` alone: the default list): the `hello` event brings that page. One that is not valid, or longer than 1,000 characters, is left out of `hello`, not refused" }),
  moves: queryWholeNumber(1, 100).optional().meta({ description: "The `hello` event brings this many of the caller's latest movements (`GET /v1/player/transactions`, page 1)" }),
});
export type EventsQuery = z.output<typeof EventsQuery>;

/** The data of the `event: hello` message. */
export const Hello = z.object({ player: PlayerInfo.optional(), list: RoomList.optional(), moves: PlayerTransactionList.optional() });
export type Hello = z.infer<typeof Hello>;

/** The lobby's line of counts under its heading. */
export const LobbyCounts = z
  .object({
    players_online: z
      .number()
      .int()
      .min(0)
      .meta({ description: "Distinct players with an event stream open (`GET /v1/events`): exact on the instance that answers, as of the last 10 s on the others; a player with streams on two instances counts twice" }),
    tables_playing: z.number().int().min(0).meta({ description: "Rooms with status `playing`, in every currency" }),
  })
  .meta({ id: "LobbyCounts" });
export type LobbyCounts = z.infer<typeof LobbyCounts>;

/** The lobby's stream. */
export const liveContract = {
  events: endpoint({
    method: "GET",
    path: "/v1/events",
    tag: "Rooms",
    summary: "Live updates (server-sent events)",
    description:
      "A `text/event-stream`. First `event: hello`, data `{player?, list?, moves?}`: the caller as `GET /v1/player/me` shows them, the page of rooms `list` asks for as `GET /v1/rooms` answers it, and the `moves` latest movements as `GET /v1/player/transactions` answers them, each as it stands once the stream follows changes (nothing committed before is missing from it, nothing after is missed by the events), so a client that reconnects needs no other read (a part that could not be read is left out: read it yourself). `event: rooms`: a batch of room changes, at most a few a second, data `{rooms: [{room, previous_status, changes: [{xid, from, to}]}]}`, where `room` is the room as the list shows it now, `previous_status` its status before the batch (null: created in it), and `changes` each committed change with its transaction id (compare with a list answer's `snapshot` to tell whether that answer holds it). `event: balance`: the caller's balance changed, data `{type: \"balance\", player_id}`. `event: counts`: the lobby's counts changed, data as `GET /v1/lobby/counts` answers it (`{players_online, tables_playing}`), at most every 10 s. `event: resync`: changes may have been missed (the server's database connection came back, or it fell behind): refetch what you show. `event: closed`, data `{reason: expired|revoked|blocked|slow}`: the server ends the stream (`blocked`: support blocked the player, whose next connection is refused 403 `player_blocked`). Every instance sees every committed change. Reconnect on close; `hello` brings what you show again. At most `LIVE_STREAMS_PER_PLAYER` streams per player and `LIVE_STREAMS_PER_INSTANCE` per instance: past them, 503 `overloaded`.",
    auth: "player",
    lobbyRead: true,
    query: EventsQuery,
    answers: { 200: { description: "The event stream; it stays open" }, 400: playerErrors[400], 401: playerErrors[401], 429: playerErrors[429], 503: lobbyReadErrors[503] },
  }),
  lobbyCounts: endpoint({
    method: "GET",
    path: "/v1/lobby/counts",
    tag: "Rooms",
    summary: "Players online and tables playing",
    description: "What the lobby shows under its heading. It reads them when it opens; from then on its event stream brings them as they change (`event: counts` on `GET /v1/events`). Shed like the other lobby reads when the instance is busy.",
    auth: "player",
    lobbyRead: true,
    answers: {
      200: { description: "The counts", schema: success(LobbyCounts), example: { type: "success", status: 200, data: { players_online: 12, tables_playing: 3 } } },
      ...lobbyReadErrors,
    },
  }),
};

/** The admin console's stream. */
export const adminLiveContract = {
  adminEvents: endpoint({
    method: "GET",
    path: "/v1/admin/events",
    tag: "Admin",
    summary: "Live updates for the admin console (server-sent events)",
    description: "Every room change (`event: rooms`, batched as on `GET /v1/events`) and every balance change (`event: balance`).",
    auth: "admin",
    role: "viewer",
    answers: { 200: { description: "The event stream; it stays open" }, 401: adminErrors[401], 429: adminErrors[429] },
  }),
};

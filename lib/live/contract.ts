import { z } from "zod";
import { adminErrors, endpoint, lobbyReadErrors, playerErrors } from "@/lib/contract";
import { Room } from "@/lib/rooms/contract";
import { ROOM_STATUSES } from "@/lib/rooms/schemas";

// The event streams. Their messages are not in the OpenAPI document (a stream is one string there),
// but they are typed from these schemas on both ends.

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

/** The lobby's stream. */
export const liveContract = {
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
    answers: { 200: { description: "The event stream; it stays open" }, 401: adminErrors[401], 429: adminErrors[429] },
  }),
};

import { Decimal } from "@/lib/money/decimal";
import { z } from "zod";
import { pageQuery } from "@/lib/pagination";
import { currencyCode, plainText, queryDecimal } from "@/lib/validation/fields";

export const ROOM_STATUSES = ["waiting", "playing", "finished"] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];

// POST /v1/rooms: shared by the API and the lobby's create form, which runs in the browser.
export { CreateRoomInput, MAX_TURN_SECONDS, MIN_BET, PLAYER_LIMITS, TIME_BANKS } from "@/lib/shared/create-room-input";

/**
 * Orders of the room list. Each ends in newest first (then by id), so that pages never overlap;
 * `bet_desc` is `bet_asc` read backwards (among equal bets, oldest first), so one index serves both.
 */
export const ROOM_SORTS = ["newest", "bet_asc", "bet_desc", "filling"] as const;
export type RoomSort = (typeof ROOM_SORTS)[number];

// GET /v1/rooms query
const roomFilterFields = {
  min_bet_amount: queryDecimal.optional(),
  max_bet_amount: queryDecimal.optional(),
  player_limit: z.enum(["2", "4"], "must be 2 or 4").transform(Number).optional(),
  status: z.enum(ROOM_STATUSES, `must be one of ${ROOM_STATUSES.join(", ")}`).optional(),
  currency: currencyCode.optional(),
  sort: z
    .enum(ROOM_SORTS, `must be one of ${ROOM_SORTS.join(", ")}`)
    .default("newest")
    .meta({
      description:
        "`newest` (the default); `bet_asc`, lowest bet first, then newest; `bet_desc`, `bet_asc` backwards (highest first; among equal bets, oldest first); `filling`, fewest free seats first, then newest",
    }),
  ...pageQuery,
};

// Zod runs an object's refinement even when a field failed: a bound that did not parse is still its text.
const betRangeInOrder = (q: { min_bet_amount?: unknown; max_bet_amount?: unknown }, ctx: z.RefinementCtx) => {
  const { min_bet_amount: min, max_bet_amount: max } = q;
  if (min instanceof Decimal && max instanceof Decimal && min.greaterThan(max)) {
    ctx.addIssue({ code: "custom", path: ["max_bet_amount"], message: "must not be less than min_bet_amount" });
  }
};

export const ListRoomsQuery = z.strictObject(roomFilterFields).superRefine(betRangeInOrder);
// GET /v1/admin/rooms query: the lobby's filters, and a search by name or id
export const AdminListRoomsQuery = z
  .strictObject({ ...roomFilterFields, q: plainText(100).trim().optional() })
  .superRefine(betRangeInOrder);
export type ListRoomsQuery = z.output<typeof ListRoomsQuery>;
export type RoomFilters = Omit<ListRoomsQuery, "page" | "limit" | "sort">;

export const RoomIdParams = z.object({ room_id: z.string() });

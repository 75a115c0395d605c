import { Decimal } from "@/lib/money/decimal";
import { z } from "zod";
import { amountProblem } from "@/lib/money/amount";
import { pageQuery } from "@/lib/pagination";
import {
  currencyCode,
  displayText,
  flag,
  moneyInput,
  oneOf,
  plainText,
  queryDecimal,
  wholeNumber,
} from "@/lib/validation/fields";

export const ROOM_STATUSES = ["waiting", "playing", "finished"] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];
export const PLAYER_LIMITS = [2, 4] as const;
export const TIME_BANKS = [0, 30, 45, 60, 90] as const;
export const MIN_BET = "0.01";
export const MAX_TURN_SECONDS = 86_400;

const rakePercentage = z
  .number({ error: (i) => (i.input === undefined ? "is required" : "must be a number from 0 to 100") })
  .min(0, "must be at least 0")
  .max(100, "must be at most 100")
  .refine((n) => new Decimal(n).decimalPlaces() <= 2, "must have at most 2 decimal places");

// POST /v1/rooms: shared by the API and the lobby's create form.
export const CreateRoomInput = z
  .strictObject({
    name: displayText(50),
    bet_amount: moneyInput,
    currency: currencyCode,
    player_limit: oneOf(PLAYER_LIMITS),
    turn: wholeNumber(1, MAX_TURN_SECONDS),
    time_bank: oneOf(TIME_BANKS).default(0),
    is_incremental: flag.default(false),
    rake_percentage: rakePercentage.default(0),
  })
  .superRefine((room, ctx) => {
    const problem = amountProblem(room.bet_amount, room.currency, { min: MIN_BET });
    if (problem) ctx.addIssue({ code: "custom", path: ["bet_amount"], message: problem });
  });
export type CreateRoomInput = z.output<typeof CreateRoomInput>;

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

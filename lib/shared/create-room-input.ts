import { z } from "zod";
import { amountProblem } from "@/lib/money/amount";
import { Decimal } from "@/lib/money/decimal";
import { currencyCode, displayText, flag, moneyInput, oneOf, wholeNumber } from "@/lib/validation/fields";

// POST /v1/rooms: one schema for the API (lib/rooms/schemas.ts) and the lobby's create form, which
// checks a room before sending it.

export const PLAYER_LIMITS = [2, 4] as const;
export const TIME_BANKS = [0, 30, 45, 60, 90] as const;
export const MIN_BET = "0.01";
export const MAX_TURN_SECONDS = 86_400;

/** A room's rake: a percentage from 0 to 100 with at most 2 decimals. The operator's list of allowed rakes (ROOM_RAKE_PERCENTAGES) is read with it too. */
export const RakePercentage = z
  .number({ error: (i) => (i.input === undefined ? "is required" : "must be a number from 0 to 100") })
  .min(0, "must be at least 0")
  .max(100, "must be at most 100")
  .refine((n) => new Decimal(n).decimalPlaces() <= 2, "must have at most 2 decimal places");

export const CreateRoomInput = z
  .strictObject({
    name: displayText(50),
    bet_amount: moneyInput,
    currency: currencyCode,
    player_limit: oneOf(PLAYER_LIMITS),
    turn: wholeNumber(1, MAX_TURN_SECONDS),
    time_bank: oneOf(TIME_BANKS).default(0),
    is_incremental: flag.default(false),
    rake_percentage: RakePercentage.default(0),
  })
  .superRefine((room, ctx) => {
    const problem = amountProblem(room.bet_amount, room.currency, { min: MIN_BET });
    if (problem) ctx.addIssue({ code: "custom", path: ["bet_amount"], message: problem });
  });
export type CreateRoomInput = z.output<typeof CreateRoomInput>;


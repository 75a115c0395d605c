import { z } from "zod";
import { ADJUSTMENT_STATUSES } from "@/db/schema";
import { pageQuery } from "@/lib/pagination";
import { plainText, signedMoneyInput } from "@/lib/validation/fields";

// The inputs of support's tools: blocks, balance adjustments, notes.

const said = (max: number, empty: string) => plainText(max).trim().min(1, empty);

// POST /v1/admin/players/{player_id}/block: why, which the console shows beside the block
export const BlockPlayerInput = z.strictObject({ reason: said(500, "must not be empty: say why the player is blocked") });
export type BlockPlayerInput = z.output<typeof BlockPlayerInput>;

// POST /v1/admin/players/{player_id}/adjustments
export const AdjustmentInput = z.strictObject({
  amount: signedMoneyInput,
  reason: said(500, "must not be empty: say why the balance changes"),
});
export type AdjustmentInput = z.output<typeof AdjustmentInput>;

// GET /v1/admin/adjustments
export const ListAdjustmentsQuery = z.strictObject({
  status: z.enum(ADJUSTMENT_STATUSES, `must be one of ${ADJUSTMENT_STATUSES.join(", ")}`).optional(),
  player_id: plainText(100).trim().min(1).optional(),
  ...pageQuery,
});
export type ListAdjustmentsQuery = z.output<typeof ListAdjustmentsQuery>;

export const AdjustmentIdParams = z.object({ adjustment_id: z.string() });

// POST /v1/admin/players/{player_id}/notes
export const NoteInput = z.strictObject({ body: said(2000, "must not be empty") });

// GET /v1/admin/players/{player_id}/notes
export const ListNotesQuery = z.strictObject(pageQuery);
export type ListNotesQuery = z.output<typeof ListNotesQuery>;

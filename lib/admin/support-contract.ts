import { z } from "zod";
import { ADJUSTMENT_STATUSES } from "@/db/schema";
import { adminErrors, endpoint, error, idempotencyKeyHeader, instant, keyErrors, keyInUse, moneyText, pageFields, success } from "@/lib/contract";
import { AdminPlayer } from "@/lib/players/contract";
import { PlayerIdParams } from "@/lib/players/schemas";
import { AdminActionInput } from "./schemas";
import { AdjustmentIdParams, AdjustmentInput, BlockPlayerInput, ListAdjustmentsQuery, ListNotesQuery, NoteInput } from "./support-schemas";

// Support's tools: blocking a player, balance adjustments with a second person's approval above
// ADJUSTMENT_APPROVAL_ABOVE, and notes on a player.

export const Adjustment = z
  .object({
    id: z.string(),
    player_id: z.string(),
    player_name: z.string(),
    amount: moneyText.meta({ description: "Signed, in the player's currency: positive pays the player, negative takes from them", example: "-10.50" }),
    currency: z.string(),
    reason: z.string(),
    status: z.enum(ADJUSTMENT_STATUSES).meta({ description: "`pending` waits for a second person; `applied` moved the money; `rejected` moved nothing" }),
    requested_by: z.string().meta({ description: "Who asked for it, as the audit log names them" }),
    requested_by_operator_id: z.string().nullable().meta({ description: "null for the owner (ADMIN_TOKEN)" }),
    decided_by: z.string().nullable().meta({ description: "Who approved or rejected it; null while pending, and for one applied at once" }),
    decided_by_operator_id: z.string().nullable(),
    decided_at: instant.nullable().meta({ description: "When it was applied or rejected; null while pending" }),
    casino_transfer_id: z.string().nullable().meta({ description: "The ledger row that applied it (its `transfer_id` is this adjustment's id); null unless applied" }),
    created_at: instant,
  })
  .meta({ id: "Adjustment" });
export type Adjustment = z.infer<typeof Adjustment>;

export const AdjustmentList = z.object({ adjustments: z.array(Adjustment), ...pageFields }).meta({ id: "AdjustmentList" });

export const PlayerNote = z
  .object({
    id: z.string(),
    author: z.string().meta({ description: "Who wrote it, as the audit log names them" }),
    operator_id: z.string().nullable().meta({ description: "null for the owner (ADMIN_TOKEN)" }),
    body: z.string(),
    created_at: instant,
  })
  .meta({ id: "PlayerNote" });
export type PlayerNote = z.infer<typeof PlayerNote>;

export const PlayerNoteList = z.object({ notes: z.array(PlayerNote), ...pageFields }).meta({ id: "PlayerNoteList" });

const playerNotFound = error("`player_not_found`");
const adjustmentNotFound = error("`adjustment_not_found`");
const decided = error("`adjustment_decided`: it was approved or rejected already; nothing changed");

export const supportContract = {
  blockPlayer: endpoint({
    method: "POST",
    path: "/v1/admin/players/{player_id}/block",
    tag: "Admin",
    summary: "Block a player",
    description:
      "From then on every player call answers 403 `player_blocked` but leaving a waiting room (which returns the bet), and every join and create is refused; the player's open event streams close (`reason: blocked`). Credits and refunds the platform sends are paid as ever. Blocking a blocked player changes nothing (the first block's time and reason stay). Recorded in the audit log.",
    auth: "admin",
    role: "support",
    params: PlayerIdParams,
    body: BlockPlayerInput,
    bodyExample: { reason: "Chargeback on the last deposit" },
    answers: { 200: { description: "The player, blocked", schema: success(AdminPlayer) }, ...adminErrors, 404: playerNotFound },
  }),
  unblockPlayer: endpoint({
    method: "POST",
    path: "/v1/admin/players/{player_id}/unblock",
    tag: "Admin",
    summary: "Unblock a player",
    description: "The player may use the lobby again, with any launch token still valid. Unblocking a player who is not blocked changes nothing. Recorded in the audit log with the `reason` (optional) and the block it lifted.",
    auth: "admin",
    role: "support",
    params: PlayerIdParams,
    body: AdminActionInput,
    bodyExample: { reason: "The chargeback was withdrawn" },
    answers: { 200: { description: "The player, not blocked", schema: success(AdminPlayer) }, ...adminErrors, 404: playerNotFound },
  }),
  requestAdjustment: endpoint({
    method: "POST",
    path: "/v1/admin/players/{player_id}/adjustments",
    tag: "Admin",
    money: true,
    summary: "Adjust a player's balance",
    description:
      "`amount` is a signed decimal string in the player's currency: positive pays the player (into real money), negative takes from them (real money first, then bonus money). Applied at once, as a ledger movement of kind `adjustment` between the `operator` account and the player's, when its size is at most `ADJUSTMENT_APPROVAL_ABOVE` (or that is unset); above it, kept `pending` until someone else approves it. Recorded in the audit log (`request_adjustment`, and `apply_adjustment` when applied at once).",
    auth: "admin",
    role: "finance",
    params: PlayerIdParams,
    body: AdjustmentInput,
    headers: idempotencyKeyHeader,
    bodyExample: { amount: "-10.50", reason: "Duplicate win credited on 24 November" },
    answers: {
      201: { description: "The adjustment: `applied`, or `pending` above the threshold. A repeat with the same `Idempotency-Key` gets this answer again", schema: success(Adjustment) },
      ...adminErrors,
      404: playerNotFound,
      409: error(
        `\`insufficient_funds\`: a negative amount past the player's balance (whether it would apply at once or wait for approval); \`balance_limit_exceeded\`: the balance would pass the most it holds; or ${keyInUse}. Nothing was recorded`,
      ),
      ...keyErrors,
    },
  }),
  listAdjustments: endpoint({
    method: "GET",
    path: "/v1/admin/adjustments",
    tag: "Admin",
    summary: "Balance adjustments, newest first",
    description: "Filtered by `status` (`pending`: those waiting for approval) and `player_id`, when given.",
    auth: "admin",
    role: "viewer",
    query: ListAdjustmentsQuery,
    answers: { 200: { description: "A page of adjustments", schema: success(AdjustmentList) }, ...adminErrors },
  }),
  approveAdjustment: endpoint({
    method: "POST",
    path: "/v1/admin/adjustments/{adjustment_id}/approve",
    tag: "Admin",
    money: true,
    summary: "Approve a pending adjustment, which applies it",
    description:
      "Only someone other than who asked for it (another operator, or the owner for an operator's request): approvals racing for one adjustment apply it once, and the others answer 409 `adjustment_decided`. A negative adjustment the balance no longer covers is refused and stays pending. Recorded in the audit log (`approve_adjustment`) with the `reason` (optional).",
    auth: "admin",
    role: "finance",
    params: AdjustmentIdParams,
    body: AdminActionInput,
    bodyExample: { reason: "Checked against the platform's round log" },
    answers: {
      200: { description: "The adjustment, applied", schema: success(Adjustment) },
      ...adminErrors,
      403: error("`second_person_required`: the caller asked for this adjustment"),
      404: adjustmentNotFound,
      409: error("`adjustment_decided`, or `insufficient_funds` / `balance_limit_exceeded` (it stays pending)"),
    },
  }),
  rejectAdjustment: endpoint({
    method: "POST",
    path: "/v1/admin/adjustments/{adjustment_id}/reject",
    tag: "Admin",
    summary: "Reject a pending adjustment",
    description: "Nothing moves. Anyone with the role may reject, whoever asked for it included (to withdraw it). Recorded in the audit log (`reject_adjustment`) with the `reason` (optional; the console asks for one).",
    auth: "admin",
    role: "finance",
    params: AdjustmentIdParams,
    body: AdminActionInput,
    bodyExample: { reason: "The platform paid the win after all" },
    answers: { 200: { description: "The adjustment, rejected", schema: success(Adjustment) }, ...adminErrors, 404: adjustmentNotFound, 409: decided },
  }),
  addNote: endpoint({
    method: "POST",
    path: "/v1/admin/players/{player_id}/notes",
    tag: "Admin",
    summary: "Write a note on a player",
    description: "Notes are kept as written: never changed, never deleted. Recorded in the audit log (`add_note`) with the note's id and its first 100 characters.",
    auth: "admin",
    role: "support",
    params: PlayerIdParams,
    body: NoteInput,
    bodyExample: { body: "Called about a missing win on 24 November; sent to finance." },
    answers: { 201: { description: "The note", schema: success(PlayerNote) }, ...adminErrors, 404: playerNotFound },
  }),
  playerNotes: endpoint({
    method: "GET",
    path: "/v1/admin/players/{player_id}/notes",
    tag: "Admin",
    summary: "The notes on a player, newest first",
    auth: "admin",
    role: "viewer",
    params: PlayerIdParams,
    query: ListNotesQuery,
    answers: { 200: { description: "A page of notes", schema: success(PlayerNoteList) }, ...adminErrors, 404: playerNotFound },
  }),
};

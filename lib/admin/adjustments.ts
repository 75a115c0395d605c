import { and, count, desc, eq, gte, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "@/db/client";
import { adjustments, players, type AdjustmentRow } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { once, type KeyedRequest } from "@/lib/idempotency/once";
import { isWellFormedId, newId } from "@/lib/ids";
import { adjustBalance, adjustmentShortfall } from "@/lib/ledger/adjust-balance";
import { lockPlayer } from "@/lib/ledger/locks";
import { findPlayerById } from "@/lib/ledger/queries";
import { formatMoney } from "@/lib/money/amount";
import { Decimal } from "@/lib/money/decimal";
import { pageInfo, pageOffset } from "@/lib/pagination";
import { adjustmentAmountProblem, APPROVAL_WINDOW_HOURS, decisionRefusal, needsApproval } from "./adjustment-rules";
import { recordAdminAction, type Actor } from "./audit";
import type { Adjustment } from "./support-contract";
import type { AdjustmentInput, ListAdjustmentsQuery } from "./support-schemas";

// Balance adjustments: a transfer between the operator's account and a player's, asked for by
// finance and applied at once, or, above ADJUSTMENT_APPROVAL_ABOVE (with what the same person applied
// at once to the player in the last day), once a second person approves it. Locks: an adjustment's
// row, then its player (lib/ledger/locks.ts); a request locks only the player, and holds no
// adjustment's lock, so the two never wait on each other in a circle.

const toAdjustment = (a: AdjustmentRow, playerName: string): z.input<typeof Adjustment> => ({
  id: a.id,
  player_id: a.playerId,
  player_name: playerName,
  amount: formatMoney(a.amount, a.currency),
  currency: a.currency,
  reason: a.reason,
  status: a.status,
  requested_by: a.requestedBy,
  requested_by_operator_id: a.requestedByOperatorId,
  decided_by: a.decidedBy,
  decided_by_operator_id: a.decidedByOperatorId,
  decided_at: a.decidedAt?.toISOString() ?? null,
  casino_transfer_id: a.ledgerEntryId,
  created_at: a.createdAt.toISOString(),
});

/** What every audit row of an adjustment says of it. */
const auditDetails = (a: AdjustmentRow) => ({ adjustment_id: a.id, amount: formatMoney(a.amount, a.currency), currency: a.currency, reason: a.reason });

/**
 * POST /v1/admin/players/{player_id}/adjustments. Above the threshold the adjustment is kept pending;
 * otherwise it is applied in the same transaction. Either way, a negative one past the balance is
 * refused, and the request is in the audit log; an adjustment applied at once has its
 * `apply_adjustment` row too. With an Idempotency-Key (`keyed`), a repeat gets the first answer and
 * makes no second adjustment.
 */
export async function requestAdjustment(
  db: Executor,
  { playerId, input, actor, approvalAbove, keyed }: { playerId: string; input: AdjustmentInput; actor: Actor; approvalAbove: string | undefined; keyed?: KeyedRequest },
) {
  const player = isWellFormedId(playerId) ? await findPlayerById(db, playerId) : undefined;
  if (!player) throw new AppError("player_not_found", `No player has the id "${playerId}".`);
  const problem = adjustmentAmountProblem(input.amount, player.currency);
  if (problem) throw new AppError("validation_failed", `Invalid body: amount ${problem}`, [{ path: "amount", message: problem }]);
  return db.transaction((tx) =>
    once(tx, keyed, async () => {
      // Under the player's lock, so that parts of one amount sent at once are added up one after the other.
      const locked = (await lockPlayer(tx, player.id))!;
      const pending = needsApproval(input.amount, approvalAbove, await appliedAtOnceLately(tx, { playerId: player.id, by: actor }));
      // One the balance cannot take now is refused rather than kept for approval; approving checks again.
      const shortfall = pending ? adjustmentShortfall(locked, input.amount) : undefined;
      if (shortfall) throw shortfall;
      const id = newId();
      const entry = pending ? undefined : await adjustBalance(tx, { playerId: player.id, amount: input.amount, adjustmentId: id });
      const [row] = await tx
        .insert(adjustments)
        .values({
          id,
          playerId: player.id,
          amount: input.amount.toFixed(),
          currency: player.currency,
          reason: input.reason,
          status: pending ? "pending" : "applied",
          requestedBy: actor.name,
          requestedByOperatorId: actor.operatorId,
          decidedAt: pending ? null : sql`now()`,
          ledgerEntryId: entry?.id ?? null,
        })
        .returning();
      await recordAdminAction(tx, { actor, action: "request_adjustment", playerId: player.id, details: { ...auditDetails(row!), status: row!.status } });
      if (entry) await recordAdminAction(tx, { actor, action: "apply_adjustment", playerId: player.id, details: { ...auditDetails(row!), casino_transfer_id: entry.id } });
      return toAdjustment(row!, player.username);
    }),
  );
}

/**
 * The adjustments `by` applied at once to the player in the approval window, added up signed: what a
 * new one is added to before it is compared with the threshold (lib/shared/adjustments.ts).
 */
async function appliedAtOnceLately(tx: Executor, { playerId, by }: { playerId: string; by: Actor }): Promise<Decimal> {
  const samePerson = by.operatorId === null ? and(isNull(adjustments.requestedByOperatorId), eq(adjustments.requestedBy, by.name)) : eq(adjustments.requestedByOperatorId, by.operatorId);
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${adjustments.amount}), 0)` })
    .from(adjustments)
    .where(
      and(
        eq(adjustments.playerId, playerId),
        gte(adjustments.createdAt, sql`now() - make_interval(hours => ${APPROVAL_WINDOW_HOURS})`),
        eq(adjustments.status, "applied"),
        isNull(adjustments.decidedBy),
        samePerson,
      ),
    );
  return new Decimal(row!.total);
}

/** The adjustment's row, locked until the transaction ends: its decisions queue here. */
async function lockAdjustment(tx: Executor, adjustmentId: string): Promise<AdjustmentRow> {
  const [row] = isWellFormedId(adjustmentId) ? await tx.select().from(adjustments).where(eq(adjustments.id, adjustmentId)).for("update") : [];
  if (!row) throw new AppError("adjustment_not_found", `No adjustment has the id "${adjustmentId}".`);
  return row;
}

async function playerNameOf(db: Executor, playerId: string): Promise<string> {
  const [row] = await db.select({ username: players.username }).from(players).where(eq(players.id, playerId));
  return row!.username;
}

/**
 * POST /v1/admin/adjustments/{adjustment_id}/approve: a second person applies a pending adjustment.
 * Approvals racing for one adjustment queue on its row: the first applies it, the others find it decided.
 * A negative adjustment the balance no longer covers is refused and stays pending.
 */
export function approveAdjustment(db: Executor, { adjustmentId, reason, actor }: { adjustmentId: string; reason?: string; actor: Actor }) {
  return db.transaction(async (tx) => {
    const pending = await lockAdjustment(tx, adjustmentId);
    const refusal = decisionRefusal(pending, actor, "approve");
    if (refusal) throw refusal;
    const entry = await adjustBalance(tx, { playerId: pending.playerId, amount: new Decimal(pending.amount), adjustmentId: pending.id });
    const [row] = await tx
      .update(adjustments)
      .set({ status: "applied", decidedBy: actor.name, decidedByOperatorId: actor.operatorId, decidedAt: sql`now()`, ledgerEntryId: entry.id })
      .where(eq(adjustments.id, pending.id))
      .returning();
    await recordAdminAction(tx, {
      actor,
      action: "approve_adjustment",
      playerId: pending.playerId,
      details: { ...auditDetails(row!), requested_by: pending.requestedBy, casino_transfer_id: entry.id, decision_reason: reason ?? null },
    });
    return toAdjustment(row!, await playerNameOf(tx, pending.playerId));
  });
}

/** POST /v1/admin/adjustments/{adjustment_id}/reject: nothing moves; the reason is kept in the audit log. */
export function rejectAdjustment(db: Executor, { adjustmentId, reason, actor }: { adjustmentId: string; reason?: string; actor: Actor }) {
  return db.transaction(async (tx) => {
    const pending = await lockAdjustment(tx, adjustmentId);
    const refusal = decisionRefusal(pending, actor, "reject");
    if (refusal) throw refusal;
    const [row] = await tx
      .update(adjustments)
      .set({ status: "rejected", decidedBy: actor.name, decidedByOperatorId: actor.operatorId, decidedAt: sql`now()` })
      .where(eq(adjustments.id, pending.id))
      .returning();
    await recordAdminAction(tx, {
      actor,
      action: "reject_adjustment",
      playerId: pending.playerId,
      details: { ...auditDetails(row!), requested_by: pending.requestedBy, decision_reason: reason ?? null },
    });
    return toAdjustment(row!, await playerNameOf(tx, pending.playerId));
  });
}

/** GET /v1/admin/adjustments data: newest first, by status and player when asked. */
export async function listAdjustments(db: Executor, { status, player_id, page, limit }: ListAdjustmentsQuery) {
  const where = and(status ? eq(adjustments.status, status) : undefined, player_id ? eq(adjustments.playerId, player_id) : undefined);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ adjustment: adjustments, playerName: players.username })
      .from(adjustments)
      .innerJoin(players, eq(players.id, adjustments.playerId))
      .where(where)
      .orderBy(desc(adjustments.createdAt), desc(adjustments.id))
      .limit(limit)
      .offset(pageOffset(page, limit)),
    db.select({ total: count() }).from(adjustments).where(where),
  ]);
  return { adjustments: rows.map((r) => toAdjustment(r.adjustment, r.playerName)), ...pageInfo(counted!.total, page, limit) };
}

import type { z } from "zod";
import type { Executor } from "@/db/client";
import { adminActions, playerLimits, type PlayerLimitsRow, type PlayerRow } from "@/db/schema";
import { AppError, type AmountLimit, type FieldError } from "@/lib/errors";
import { findPlayerLimits, limitValuesOfRow } from "@/lib/ledger/limit-check";
import { lockPlayer } from "@/lib/ledger/locks";
import { readUsage } from "@/lib/ledger/play-usage";
import type { Usage } from "@/lib/ledger/bet-limits";
import { formatMoney } from "@/lib/money/amount";
import { excludedUntil, limitProblems, limitValuesOf, loosenedFields, type LimitField, type LimitsInput, type LimitValues } from "@/lib/shared/player-limits";
import type { LimitSetWire, PlayerLimits } from "./limits-contract";

// A player's limits: read with what counts against them, tightened by the player, set by support
// (lib/admin/player-limits.ts). Every change locks the player's row, as a bet does: a bet is checked
// against the limits as they were before the change or after it, never half of it.

/** The limits as the API writes them: amounts in the player's currency, self-exclusion only while in force. */
export function toLimitSet(values: LimitValues, currency: string, now: Date): LimitSetWire {
  const amount = (field: AmountLimit) => (values[field] === null ? null : formatMoney(values[field]!, currency));
  return {
    daily_bet_limit: amount("daily_bet_limit"),
    loss_limit_24h: amount("loss_limit_24h"),
    loss_limit_7d: amount("loss_limit_7d"),
    loss_limit_30d: amount("loss_limit_30d"),
    self_excluded_until: excludedUntil(values, now)?.toISOString() ?? null,
  };
}

/** GET /v1/player/limits data, and the admin answer's common part. */
export function toPlayerLimits({ row, usage, currency, now }: { row: PlayerLimitsRow | undefined; usage: Usage; currency: string; now: Date }): z.input<typeof PlayerLimits> {
  return {
    currency,
    limits: toLimitSet(limitValuesOfRow(row), currency, now),
    usage: {
      bets_24h: formatMoney(usage.daily_bet_limit, currency),
      net_loss_24h: formatMoney(usage.loss_limit_24h, currency),
      net_loss_7d: formatMoney(usage.loss_limit_7d, currency),
      net_loss_30d: formatMoney(usage.loss_limit_30d, currency),
    },
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/** The player's limits row and what counts against each limit now (over 30 days: every window). */
export async function readLimits(db: Executor, { player, now = new Date() }: { player: PlayerRow; now?: Date }) {
  const row = await findPlayerLimits(db, player.id);
  const usage = await readUsage(db, { playerId: player.id, now });
  return { row, usage, currency: player.currency, now };
}

/** Writes the whole set, in the caller's transaction (which holds the player's lock). */
export async function saveLimits(tx: Executor, { playerId, values, updatedBy }: { playerId: string; values: LimitValues; updatedBy: string }): Promise<void> {
  const text = (field: AmountLimit) => values[field]?.toFixed() ?? null;
  const set = {
    dailyBetLimit: text("daily_bet_limit"),
    lossLimit24h: text("loss_limit_24h"),
    lossLimit7d: text("loss_limit_7d"),
    lossLimit30d: text("loss_limit_30d"),
    selfExcludedUntil: values.self_excluded_until,
    updatedBy,
    updatedAt: new Date(),
  };
  await tx.insert(playerLimits).values({ playerId, ...set }).onConflictDoUpdate({ target: playerLimits.playerId, set });
}

/** 400 `validation_failed` naming every field in error: `summary` leads the message. */
export function limitsRefused(summary: string, errors: FieldError[]): AppError {
  return new AppError("validation_failed", `${summary} ${errors.map((e) => `${e.path} ${e.message}`).join("; ")}.`, errors);
}

/** Why each loosened field is the player's to tighten only, with the values. */
function loosening(field: LimitField, current: LimitValues, next: LimitValues, currency: string): FieldError {
  if (field === "self_excluded_until") {
    const until = current.self_excluded_until!.toISOString();
    const message =
      next.self_excluded_until === null
        ? `would end your self-exclusion, which runs until ${until}: only support can end it early`
        : `would end your self-exclusion before ${until}: only support can shorten it`;
    return { path: field, message };
  }
  const was = `${formatMoney(current[field]!, currency)} ${currency}`;
  const will = next[field];
  const message = will === null ? `would remove your limit of ${was}: only support can loosen a limit` : `would raise your limit from ${was} to ${formatMoney(will, currency)} ${currency}: only support can loosen a limit`;
  return { path: field, message };
}

/** Where a player's own change came from, for its row in the audit log. */
export interface PlayerRequest {
  requestId: string;
  source: string;
}

/**
 * PUT /v1/player/limits: the player's new set, if it only tightens. Anything that would loosen is
 * refused, field by field, with what support can do instead. The change goes to the audit log as
 * `set_own_limits`, before and after, beside support's `set_limits`: a player's limits have one
 * history, whoever set them.
 */
export async function setOwnLimits(db: Executor, { player, input, from, now = new Date() }: { player: PlayerRow; input: LimitsInput; from: PlayerRequest; now?: Date }) {
  return db.transaction(async (tx) => {
    await lockPlayer(tx, player.id);
    const current = limitValuesOfRow(await findPlayerLimits(tx, player.id));
    const next = limitValuesOf(input);
    const problems = limitProblems(next, { current, currency: player.currency, now });
    const loosened = loosenedFields(current, next, now).map((field) => loosening(field, current, next, player.currency));
    if (loosened.length > 0) throw limitsRefused("You can only tighten your own limits; support can loosen them:", [...problems, ...loosened]);
    if (problems.length > 0) throw limitsRefused("Invalid body:", problems);
    await saveLimits(tx, { playerId: player.id, values: next, updatedBy: "player" });
    // Written here rather than through lib/admin/audit.ts, which sits above this layer: the row is the
    // same, named for the player rather than an operator.
    await tx.insert(adminActions).values({
      action: "set_own_limits",
      actor: "player",
      source: from.source,
      requestId: from.requestId,
      playerId: player.id,
      details: { currency: player.currency, before: toLimitSet(current, player.currency, now), after: toLimitSet(next, player.currency, now) },
    });
    return toPlayerLimits(await readLimits(tx, { player, now }));
  });
}

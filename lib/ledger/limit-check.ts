import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { playerLimits, type PlayerLimitsRow, type PlayerRow } from "@/db/schema";
import { AMOUNT_LIMITS, LimitReached } from "@/lib/errors";
import { Decimal } from "@/lib/money/decimal";
import { NO_LIMITS, type LimitValues } from "@/lib/shared/player-limits";
import { amountRefusal, limitsPassed, longestWindowMs, selfExclusionRefusal } from "./bet-limits";
import { readCounted, readUsage } from "./play-usage";

// The player's own limits, checked before a bet is taken (responsible gaming; the rules are in
// bet-limits.ts). The caller holds the player's row lock, so that two bets at once are checked one
// after the other, each seeing the other's debit.

/** A player's limits row, if they have one: one read by primary key. */
export async function findPlayerLimits(db: Executor, playerId: string): Promise<PlayerLimitsRow | undefined> {
  const [row] = await db.select().from(playerLimits).where(eq(playerLimits.playerId, playerId));
  return row;
}

/** A limits row as values; no row is no limits. */
export function limitValuesOfRow(row: PlayerLimitsRow | undefined): LimitValues {
  if (!row) return NO_LIMITS;
  const amount = (value: string | null) => (value === null ? null : new Decimal(value));
  return {
    daily_bet_limit: amount(row.dailyBetLimit),
    loss_limit_24h: amount(row.lossLimit24h),
    loss_limit_7d: amount(row.lossLimit7d),
    loss_limit_30d: amount(row.lossLimit30d),
    self_excluded_until: row.selfExcludedUntil,
  };
}

/**
 * Throws 409 `limit_reached` when the player's limits refuse this bet: self-excluded, or the bet would
 * pass an amount limit over its rolling window. A player with no limits costs one primary-key read;
 * the ledger is read only for the windows of the limits set.
 */
export async function refuseBetPastLimits(tx: Executor, { player, amount, now = new Date() }: { player: PlayerRow; amount: Decimal; now?: Date }): Promise<void> {
  const limits = limitValuesOfRow(await findPlayerLimits(tx, player.id));
  const currency = player.currency;
  const excluded = selfExclusionRefusal({ until: limits.self_excluded_until, bet: amount, currency, now });
  if (excluded) throw new LimitReached(excluded.message, excluded.detail);
  const set = AMOUNT_LIMITS.filter((limit) => limits[limit] !== null);
  if (set.length === 0) return;
  const usage = await readUsage(tx, { playerId: player.id, now, windowMs: longestWindowMs(set) });
  const passed = limitsPassed(limits, usage, amount);
  if (passed.length === 0) return;
  // Refused: the rows of the passed limits' windows say when the bet would fit.
  const rows = await readCounted(tx, { playerId: player.id, now, windowMs: longestWindowMs(passed) });
  const refusal = amountRefusal({ limits, usage, rows, bet: amount, currency, now })!;
  throw new LimitReached(refusal.message, refusal.detail);
}

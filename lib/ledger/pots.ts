import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { ledgerEntries, roundPots, type RoundPotRow } from "@/db/schema";
import { newId } from "@/lib/ids";
import { Decimal, type DecimalValue } from "@/lib/money/decimal";
import { HOUSE, PLATFORM, potAccount } from "./accounts";
import type { RoundFacts } from "./limits";
import { rakeOf } from "./rules";

// A round's pot: the escrow its bets go into (lib/ledger/movements.ts moves it with each bet and
// refund) and that settles once, when the round completes. Every change happens under the lock of the
// pot's room, which each path takes first (lib/ledger/locks.ts).

export async function findPot(db: Executor, roundId: string): Promise<RoundPotRow | undefined> {
  const [row] = await db.select().from(roundPots).where(eq(roundPots.roundId, roundId));
  return row;
}

/**
 * Settles a completed round's pot, in the caller's transaction: the rake (lib/ledger/rules.ts, rakeOf)
 * to the house and the rest to the platform, as two ledger rows, and the pot emptied, in one
 * statement. A pot settles once: settling again, or a round with no pot, changes nothing. Returns
 * the pot as it stands after.
 */
export async function settlePot(tx: Executor, { roundId, rakePercentage }: { roundId: string; rakePercentage: DecimalValue }): Promise<RoundPotRow | undefined> {
  const pot = await findPot(tx, roundId);
  if (!pot || pot.settledAt) return pot;
  const rake = rakeOf(pot.balance, rakePercentage, pot.currency);
  const toPlatform = new Decimal(pot.balance).minus(rake);
  const [rakeId, restId] = [newId(), newId()];
  await tx.execute(sql`
    with emptied as (
      update round_pots set balance = 0, settled_at = now(), rake = ${rake.toFixed()}::numeric, to_platform = ${toPlatform.toFixed()}::numeric
      where round_id = ${roundId}::text and settled_at is null and balance = ${pot.balance}::numeric
      returning currency
    )
    insert into ledger_entries (id, kind, amount, real_amount, bonus_amount, currency, from_account, to_account, cause, transfer_id, round_id, reason)
    select side.id, 'settlement', side.amount, side.amount, 0, emptied.currency, ${potAccount(roundId)}::text, side.account, side.cause, side.id, ${roundId}::text, side.cause
    from emptied, (values (${rakeId}::text, ${HOUSE}::text, 'rake', ${rake.toFixed()}::numeric),
                          (${restId}::text, ${PLATFORM}::text, 'settlement', ${toPlatform.toFixed()}::numeric)) as side(id, account, cause, amount)
    where side.amount > 0`);
  const settled = await findPot(tx, roundId);
  if (!settled?.settledAt) throw new Error(`The pot of round ${roundId} changed while its room was locked.`);
  return settled;
}

/**
 * What a credit for a lobby room's round is checked against (lib/ledger/limits.ts), read under the
 * room's lock: the player's bets, the pot, and the round's credits so far. Two reads by the round's
 * index (ledger_round) and one by the pot's key.
 */
export async function roundFacts(tx: Executor, { roundId, playerId, rakePercentage }: { roundId: string; playerId: string; rakePercentage: DecimalValue }): Promise<RoundFacts> {
  const pot = await findPot(tx, roundId);
  const [bets] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.roundId, roundId), eq(ledgerEntries.playerId, playerId), eq(ledgerEntries.kind, "debit")));
  const [credits] = await tx
    .select({
      paid: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)`,
      // jackpot_wins is kept as given: an amount as its decimal text (a JSON string), an object as it came.
      jackpots: sql<string>`coalesce(sum((${ledgerEntries.jackpotWins} #>> '{}')::numeric) filter (where jsonb_typeof(${ledgerEntries.jackpotWins}) = 'string'), 0)`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.roundId, roundId), eq(ledgerEntries.kind, "credit")));
  const settled = pot?.settledAt != null;
  const stake = !pot ? new Decimal(0) : settled ? new Decimal(pot.rake!).plus(pot.toPlatform!) : new Decimal(pot.balance);
  return {
    roundId,
    isBettor: Number(bets?.n ?? 0) > 0,
    stake,
    rake: settled ? pot!.rake! : rakeOf(stake, rakePercentage, pot?.currency ?? ""),
    paid: credits?.paid ?? "0",
    jackpots: credits?.jackpots ?? "0",
  };
}

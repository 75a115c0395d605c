import { eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { ledgerEntries, roundPots, type RoundPotRow } from "@/db/schema";
import { newId } from "@/lib/ids";
import { formatMoney } from "@/lib/money/amount";
import { Decimal, type DecimalValue } from "@/lib/money/decimal";
import { HOUSE, PLATFORM, potAccount } from "./accounts";
import type { RoundFacts } from "./limits";
import { rakeOf } from "./rules";

// A round's pot: the escrow its bets go into (lib/ledger/movements.ts moves it with each bet and
// refund) and that settles once, when the round completes. Every change of an existing pot happens
// under the lock of the pot's room, which each path takes first (lib/ledger/locks.ts); a new room's
// first bet opens it.

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

/** A round's pot (undefined before its first bet), and what its rows say. */
export interface RoundLedger {
  roundId: string;
  pot: RoundPotRow | undefined;
  /** What its credits paid, and the jackpot wins they declared (`jackpot_wins` as an amount). */
  paid: string;
  jackpots: string;
  /** How many bets the player named by `betsOf` placed in it (0 when none was named). */
  bets: number;
}

/**
 * A round's pot and what its rows say, in one statement: the pot by its key, and the rows through the
 * round's index (ledger_round) with every kind summed on its own. A condition on the kind could let
 * the planner walk a partial index of every credit instead (lib/ledger/queries.ts, ofRound). Read
 * under the room's lock by the wallet, which checks credits and refunds against it.
 */
export async function readRound(db: Executor, roundId: string, { betsOf }: { betsOf?: string } = {}): Promise<RoundLedger> {
  const { kind, amount, jackpotWins, playerId } = ledgerEntries;
  const credit = sql`${kind} = 'credit'`;
  const money = db
    .select({
      paid: sql<string>`coalesce(sum(${amount}) filter (where ${credit}), 0)`.as("paid"),
      // jackpot_wins is kept as given: an amount as its decimal text (a JSON string), an object as it came.
      jackpots: sql<string>`coalesce(sum((${jackpotWins} #>> '{}')::numeric) filter (where ${credit} and jsonb_typeof(${jackpotWins}) = 'string'), 0)`.as("jackpots"),
      bets: sql<number>`(count(*) filter (where ${kind} = 'debit' and ${playerId} = ${betsOf ?? null}::text))::int`.as("bets"),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.roundId, roundId))
    .as("money");
  // The sums are one row whatever the round holds; the pot joins it when there is one.
  const [row] = await db.select({ pot: roundPots, paid: money.paid, jackpots: money.jackpots, bets: money.bets }).from(money).leftJoin(roundPots, eq(roundPots.roundId, roundId));
  return { roundId, pot: row?.pot ?? undefined, paid: String(row?.paid ?? "0"), jackpots: String(row?.jackpots ?? "0"), bets: Number(row?.bets ?? 0) };
}

/** What a credit for a lobby room's round is checked against (lib/ledger/limits.ts): the round as read, under its room's lock. */
export function roundFacts({ roundId, pot, paid, jackpots, bets }: RoundLedger, { rakePercentage, started }: { rakePercentage: DecimalValue; started: boolean }): RoundFacts {
  const settled = pot?.settledAt != null;
  const stake = !pot ? new Decimal(0) : settled ? new Decimal(pot.rake!).plus(pot.toPlatform!) : new Decimal(pot.balance);
  return {
    roundId,
    started,
    isBettor: bets > 0,
    stake,
    rake: settled ? pot!.rake! : rakeOf(stake, rakePercentage, pot?.currency ?? ""),
    paid,
    jackpots,
  };
}

/**
 * A round as the platform's refund of one of its bets would leave it (lib/ledger/limits.ts,
 * refundRefusal): its pot less the bet, the rake of that, and what its credits paid and declared.
 */
export function roundAfterRefund({ roundId, pot, paid, jackpots }: RoundLedger, { amount, rakePercentage }: { amount: DecimalValue; rakePercentage: DecimalValue }) {
  const stake = Decimal.max(new Decimal(pot?.balance ?? 0).minus(amount), 0);
  return { roundId, stake, rake: rakeOf(stake, rakePercentage, pot?.currency ?? ""), paid, jackpots };
}

/**
 * A settled round as the console shows it: what the pot held, where it went, and what the round's
 * credits paid. Its imbalance is what the credits paid beyond the pot less the rake plus the declared
 * jackpot wins: 0 when the platform paid out exactly what settled to it, negative when it kept some.
 * Undefined until the round settles.
 */
export function settlementOf({ pot, paid, jackpots }: RoundLedger) {
  if (!pot?.settledAt) return undefined;
  const money = (value: DecimalValue) => formatMoney(value, pot.currency);
  const payable = new Decimal(pot.toPlatform!).plus(jackpots);
  return {
    settled_at: pot.settledAt.toISOString(),
    pot: money(new Decimal(pot.rake!).plus(pot.toPlatform!)),
    rake: money(pot.rake!),
    to_platform: money(pot.toPlatform!),
    jackpot_wins: money(jackpots),
    wins_paid: money(paid),
    imbalance: money(new Decimal(paid).minus(payable)),
  };
}

/** The pots of these rounds, by round id: a room without bets has none (a pot of 0). */
export async function findPotsOf(db: Executor, roundIds: string[]): Promise<Map<string, RoundPotRow>> {
  if (roundIds.length === 0) return new Map();
  const rows = await db.select().from(roundPots).where(inArray(roundPots.roundId, roundIds));
  return new Map(rows.map((p) => [p.roundId, p]));
}

/**
 * A room's pot and rake as the console shows them: money that moved, never a rate applied beside it.
 * The pot is the pot account's balance: what its bets put in less what refunds and settlement took
 * out. The rake is the rake recognised: what settlement paid the house, 0 until the round completes.
 * A room that never played, was closed, or whose bets all came back shows rake 0.
 */
export function potFigures(pot: RoundPotRow | undefined, currency: string) {
  return { pot: formatMoney(pot?.balance ?? 0, currency), rake: formatMoney(pot?.settledAt ? pot.rake! : 0, currency) };
}

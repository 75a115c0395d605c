import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Executor } from "@/db/client";
import type { ledgerEntries, PlayerRow } from "@/db/schema";
import { newId } from "@/lib/ids";
import { BalanceLimitExceeded } from "@/lib/errors";
import { AMOUNT_CEILING, fitsMoneyColumn } from "@/lib/money/amount";
import { Decimal } from "@/lib/money/decimal";
import { playerAccount, potRound } from "./accounts";
import type { MovementCause } from "./causes";
import { signedBy, type Direction, type Parts, type PlayerMovementKind } from "./rules";

export type Movement = Omit<
  typeof ledgerEntries.$inferInsert,
  | "id"
  | "seq"
  | "kind"
  | "playerId"
  | "amount"
  | "realAmount"
  | "bonusAmount"
  | "currency"
  | "fromAccount"
  | "toAccount"
  | "cause"
  | "realBalanceAfter"
  | "bonusBalanceAfter"
  | "createdAt"
>;

interface MovementBase {
  player: PlayerRow;
  cause: MovementCause;
  /** The other side of the transfer (lib/ledger/accounts.ts): money out of the player goes into it, money in comes from it. */
  counterpart: string;
  parts: Parts;
  movement: Movement;
  /** Builds the answer from the row, so that it is stored with it and replayed to a repeat. */
  respond?: (entry: { id: string; realAfter: Decimal; bonusAfter: Decimal }) => unknown;
}

/** A movement of a player's money: its kind says its direction, but for an adjustment, which names it. */
export type MovementOf = MovementBase & ({ kind: Exclude<PlayerMovementKind, "adjustment"> } | { kind: "adjustment"; direction: Direction });

/** A ledger row as a movement writes it (the database adds its sequence number and time). */
export type WrittenEntry = ReturnType<typeof ledgerRow>;

/** The ledger row a movement writes: the balances after it are the player's as read, plus the parts. */
function ledgerRow(of: MovementOf) {
  const { player, kind, cause, counterpart, parts, movement, respond } = of;
  const direction: Direction = of.kind === "adjustment" ? of.direction : of.kind === "debit" ? "out" : "in";
  const change = signedBy(direction, parts);
  const realAfter = new Decimal(player.realBalance).plus(change.real);
  const bonusAfter = new Decimal(player.bonusBalance).plus(change.bonus);
  // Decided here, before the database's numeric overflow would make it look like an internal error.
  if (!fitsMoneyColumn(realAfter) || !fitsMoneyColumn(bonusAfter)) {
    throw new BalanceLimitExceeded(`The player's balance would pass the most it can hold (less than ${AMOUNT_CEILING.toFixed()} real and as much bonus); nothing was changed.`);
  }
  const id = newId();
  const own = playerAccount(player.id);
  return {
    ...movement,
    id,
    kind,
    cause,
    playerId: player.id,
    fromAccount: direction === "out" ? own : counterpart,
    toAccount: direction === "out" ? counterpart : own,
    amount: parts.real.plus(parts.bonus).toFixed(),
    realAmount: parts.real.toFixed(),
    bonusAmount: parts.bonus.toFixed(),
    currency: player.currency,
    realBalanceAfter: realAfter.toFixed(),
    bonusBalanceAfter: bonusAfter.toFixed(),
    response: respond?.({ id, realAfter, bonusAfter }) ?? null,
  };
}

/**
 * How the row changes a pot's balance: a bet adds to the pot it goes into (opening it), a refund takes
 * from the pot it comes out of. Undefined when neither side is a pot.
 */
function potChange(r: WrittenEntry): SQL | undefined {
  // Each only with the player's row moved: a statement's every part runs, whatever its last one selects.
  const into = potRound(r.toAccount);
  if (into !== undefined) {
    return sql`insert into round_pots (round_id, currency, balance) select ${into}::text, ${r.currency}::text, ${r.amount}::numeric from moved
      on conflict (round_id) do update set balance = round_pots.balance + excluded.balance returning round_id`;
  }
  const outOf = potRound(r.fromAccount);
  if (outOf !== undefined) {
    return sql`update round_pots set balance = balance - ${r.amount}::numeric where round_id = ${outOf}::text and exists (select 1 from moved) returning round_id`;
  }
  return undefined;
}

/**
 * One statement that sets the balances of the player `which` selects to those after the movement,
 * moves the pot on the other side if there is one, and writes the ledger row that explains both: all
 * or nothing. When `which` selects no row (or the pot to refund from is missing), it writes no row and
 * returns false; the caller's transaction then fails. A unique violation (a transfer already
 * registered), or a pot that would go below zero (round_pots_never_negative), fails it whole.
 */
async function writeMovement(db: Executor, r: WrittenEntry, which: SQL): Promise<boolean> {
  const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
  const pot = potChange(r);
  const result = await db.execute(sql`
    with moved as (
      update players set real_balance = ${r.realBalanceAfter}::numeric, bonus_balance = ${r.bonusBalanceAfter}::numeric, updated_at = now()
      where ${which}
      returning id
    )${pot ? sql`, pot as (${pot})` : sql``}
    insert into ledger_entries (
      id, kind, player_id, amount, real_amount, bonus_amount, currency, from_account, to_account, cause, transfer_id, round_id, reason,
      reference_id, refunds_entry_id, real_balance_after, bonus_balance_after, request_id, session_id,
      game_code, round_completed, platform_timestamp, gift_spin, jackpot_wins, deduction, response
    )
    select ${r.id}::text, ${r.kind}::text, moved.id, ${r.amount}::numeric, ${r.realAmount}::numeric, ${r.bonusAmount}::numeric,
      ${r.currency}::text, ${r.fromAccount}::text, ${r.toAccount}::text, ${r.cause}::text,
      ${r.transferId ?? null}::text, ${r.roundId ?? null}::text, ${r.reason}::text, ${r.referenceId ?? null}::text,
      ${r.refundsEntryId ?? null}::text, ${r.realBalanceAfter}::numeric, ${r.bonusBalanceAfter}::numeric, ${r.requestId ?? null}::text,
      ${r.sessionId ?? null}::text, ${r.gameCode ?? null}::text, ${r.roundCompleted ?? null}::boolean,
      ${r.platformTimestamp ?? null}::numeric, ${json(r.giftSpin)}::jsonb, ${json(r.jackpotWins)}::jsonb,
      ${r.deduction ?? null}::numeric, ${json(r.response)}::json
    from moved${pot ? sql`, pot` : sql``}
    returning id`);
  return rowsOf(result).length > 0;
}

/**
 * The one place where a player's money moves: changes a locked player's balances by the parts, and the
 * pot on the other side if it is one, and writes the ledger row that explains it, in the caller's
 * transaction. Returns the row as written.
 */
export async function recordMovement(tx: Executor, of: MovementOf): Promise<WrittenEntry> {
  const row = ledgerRow(of);
  if (!(await writeMovement(tx, row, sql`id = ${of.player.id}::text`))) throw new Error(`Player ${of.player.id} or the pot of ${of.counterpart} vanished while locked.`);
  return row;
}

/**
 * The same movement with no transaction and no wait: it applies only if the player's balances are
 * still exactly those read in `player` (without a lock) and no one holds the row. Returns the stored
 * answer, or undefined when it did not apply: the caller then takes the locking path, which decides
 * afresh. A unique violation (a racing repeat of the transfer) fails it whole, so nothing is half written.
 */
export async function recordMovementIfUnchanged(db: Executor, of: MovementOf): Promise<unknown> {
  const row = ledgerRow(of);
  const unchanged = sql`id = (
    select id from players
    where id = ${of.player.id}::text and real_balance = ${of.player.realBalance}::numeric and bonus_balance = ${of.player.bonusBalance}::numeric
    for update skip locked
  )`;
  return (await writeMovement(db, row, unchanged)) ? row.response : undefined;
}

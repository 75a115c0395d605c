import { formatMoney } from "@/lib/money/amount";
import { Decimal } from "@/lib/money/decimal";
import { rakeOf } from "@/lib/ledger/rules";
import { signBody } from "@/lib/wallet/signature";
import type { WalletAnswer } from "@/lib/wallet/status-codes";
import { cardLabel, deal, winnerOf } from "./cards";

// The demo table plays the game platform's part through the wallet's signed calls over HTTP: who the
// player is from the session (POST /wallet/session), the round's bets (POST /wallet/bets), a credit
// that pays the winner and completes the round, and game_error refunds of every bet when the round is
// abandoned or the win cannot be paid. What it reads that a platform would have from room.started:
// who sits at the table, and the room's rake, given by the caller.

export interface Platform {
  /** The wallet's origin: this app's own. */
  baseUrl: string;
  secret: string;
}

type Answer = WalletAnswer & Record<string, unknown>;

async function signed(platform: Platform, endpoint: "session" | "bets" | "credit" | "refund", body: Record<string, unknown>): Promise<Answer> {
  const raw = JSON.stringify(body);
  const headers: Record<string, string> = { "content-type": "application/json", "x-signature": signBody(raw, platform.secret) };
  if (endpoint === "refund") headers["x-timestamp"] = String(body.timestamp);
  const response = await fetch(`${platform.baseUrl}/wallet/${endpoint}`, { method: "POST", headers, body: raw });
  return (await response.json()) as Answer;
}

/** Thrown when the wallet refuses: the message is the wallet's. */
export class TableProblem extends Error {}

export interface Seat {
  seat: number;
  playerId: string;
  username: string;
  /** The seat's bet, as POST /wallet/bets lists it; none for a seat the round has no bet of. */
  bet?: { amount: string; transferId: string; refunded: boolean };
}

/** What a platform knows of a round from room.started: who sits at its table, in the order they sat down, and its room's rake. */
export type RoundOf = (roundId: string) => Promise<{ seats: { playerId: string; username: string }[]; rakePercentage: string }>;

export interface Table {
  you: { playerId: string; username: string; seat: number | undefined; balance: string; currency: string };
  roundId: string;
  /** The room's rake: the house keeps that share of the pot when the round settles. */
  rakePercentage: string;
  seats: Seat[];
}

/** What the table's one action answers (app/table/actions.ts): the table, the round's outcome, or why not. */
export interface TableAnswer {
  table?: Table;
  outcome?: Outcome;
  abandoned?: boolean;
  problem?: string;
}

export type TableAction = "look" | "deal" | "abandon";

export interface Outcome {
  cards: { seat: number; card: string }[];
  winnerSeat: number;
  won: string;
  currency: string;
}

/** Every bet of the round, oldest first, read page after page as a platform must. */
async function betsOfRound(platform: Platform, roundId: string): Promise<NonNullable<WalletAnswer["bets"]>> {
  const bets: NonNullable<WalletAnswer["bets"]> = [];
  for (let page = 1; ; page++) {
    const answer = await signed(platform, "bets", { round_id: roundId, page, limit: 500 });
    if (answer.status_code !== "OK") throw new TableProblem(answer.message);
    bets.push(...(answer.bets ?? []));
    if (page >= (answer.total_pages ?? 0)) return bets;
  }
}

/** Who the session is, and the round's seats in the order they were taken, each with its bet. */
export async function tableOf(platform: Platform, sessionId: string, roundOf: RoundOf): Promise<Table> {
  const session = await signed(platform, "session", { session_id: sessionId });
  if (session.status_code !== "OK") throw new TableProblem(session.message);
  const roundId = String(session.round_id);
  // Oldest first: a player who sat down again is left with their latest bet.
  const betOf = new Map((await betsOfRound(platform, roundId)).map((b) => [b.player_id, { amount: b.amount, transferId: b.transfer_id, refunded: b.refunded }]));
  const { seats, rakePercentage } = await roundOf(roundId);
  return {
    you: { playerId: String(session.player_id), username: String(session.username), seat: session.seat, balance: String(session.balance), currency: String(session.currency) },
    roundId,
    rakePercentage,
    seats: seats.map((s, i) => ({ seat: i + 1, playerId: s.playerId, username: s.username, bet: betOf.get(s.playerId) })),
  };
}

/** The round's cards and winner: the same every time it is asked. */
export function outcomeOf(platform: Platform, table: Table): Outcome {
  const cards = deal(platform.secret, table.roundId, table.seats.length);
  const winner = table.seats[winnerOf(cards)]!;
  const pot = table.seats.reduce((sum, s) => (s.bet ? sum.plus(s.bet.amount) : sum), new Decimal(0));
  const won = pot.minus(rakeOf(pot, table.rakePercentage, table.you.currency));
  return { cards: table.seats.map((s, i) => ({ seat: s.seat, card: cardLabel(cards[i]!) })), winnerSeat: winner.seat, won: formatMoney(won, table.you.currency), currency: table.you.currency };
}

/**
 * Deals, and pays the pot less the room's rake (what the wallet lets a round pay) to the highest card with a credit that completes the round. The
 * credit's transfer_id is the round's, so asking again repays nothing. A win the wallet refuses for
 * good returns every bet instead.
 */
export async function playRound(platform: Platform, sessionId: string, roundOf: RoundOf): Promise<Outcome> {
  const table = await tableOf(platform, sessionId, roundOf);
  if (!table.seats.some((s) => s.bet) || table.seats.some((s) => s.bet?.refunded)) throw new TableProblem("This round's bets have been returned; there is nothing to play for.");
  const outcome = outcomeOf(platform, table);
  const winner = table.seats.find((s) => s.seat === outcome.winnerSeat)!;
  const credit = await signed(platform, "credit", {
    request_id: `demo-win-${table.roundId}`,
    timestamp: Date.now(),
    session_id: winner.playerId === table.you.playerId ? sessionId : `demo-${table.roundId}`,
    player_id: winner.playerId,
    game_code: "demo-high-card",
    transfer_id: `demo-win-${table.roundId}`,
    round_id: table.roundId,
    round_completed: true,
    amount: outcome.won,
    currency: outcome.currency,
    reason: "win",
  });
  if (credit.status_code === "OK") return outcome;
  if (credit.status_code === "ERR_UNKNOWN" || credit.status_code === "ERR_TIMEOUT") throw new TableProblem(`${credit.message} Deal again: the win is paid once.`);
  await returnBets(platform, table);
  throw new TableProblem(`The win could not be paid (${credit.message}); every bet was returned.`);
}

/** Abandons the round: every bet not yet back is refunded with game_error, which finishes the room. */
export async function abandonRound(platform: Platform, sessionId: string, roundOf: RoundOf): Promise<void> {
  await returnBets(platform, await tableOf(platform, sessionId, roundOf));
}

async function returnBets(platform: Platform, table: Table): Promise<void> {
  for (const { playerId, bet } of table.seats) {
    if (!bet || bet.refunded) continue;
    const refund = await signed(platform, "refund", {
      request_id: `demo-refund-${bet.transferId}`,
      timestamp: Date.now(),
      session_id: `demo-${table.roundId}`,
      player_id: playerId,
      game_code: "demo-high-card",
      transfer_id: bet.transferId,
      round_id: table.roundId,
      amount: bet.amount,
      currency: table.you.currency,
      reason: "game_error",
      reference_id: `demo-refund-${bet.transferId}`,
    });
    if (refund.status_code !== "OK") throw new TableProblem(`A bet could not be returned: ${refund.message}`);
  }
}

import { randomBytes, randomInt } from "node:crypto";
import { signBody } from "@/lib/wallet/signature";

// The simulator's side of the wire: its tally, HTTP calls, and the game platform's signed calls
// (credits, refunds, the bets of a round), played plainly or, with `literal`, as a platform that
// follows wallet-callbacks.md to the letter.

export interface Bet {
  transfer_id: string;
  player_id: string;
  amount: string;
  refunded: boolean;
  refund_casino_transfer_id: string;
}

export function simulatorSession({ base, secret, literal, currency }: { base: string; secret: string; literal: boolean; currency: string }) {
  const tally = { rooms: 0, joins: 0, started: 0, ended: 0, leaves: 0, wins: 0, refunds: 0, exits: 0, retries: 0, refused: 0, walletRefusals: 0, busy: 0, errors: 0 };
  /** The first few errors, to say what went wrong. */
  const problems: string[] = [];
  function problem(text: string) {
    tally.errors++;
    if (problems.length < 5) problems.push(text.slice(0, 300));
  }

  async function call<T>(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; data: T; raw: Record<string, unknown> }> {
    const response = await fetch(base + path, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const raw = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    // 503 is "busy, nothing changed": expected under load, counted apart. Any other 5xx is an error.
    if (response.status === 503) tally.busy++;
    else if (response.status >= 500) problem(`${method} ${path} answered ${response.status}: ${JSON.stringify(raw)}`);
    return { status: response.status, data: raw.data as T, raw };
  }
  /** Sends a signed call as a platform does: a retryable answer (5xx, nothing registered) is sent again, same body. */
  async function wallet(endpoint: "credit" | "refund" | "bets", body: Record<string, unknown>) {
    const raw = JSON.stringify(body);
    const headers: Record<string, string> = { "x-signature": signBody(raw, secret) };
    if (endpoint === "refund") headers["x-timestamp"] = String(body.timestamp);
    for (let attempt = 1; ; attempt++) {
      const answer = await call("POST", `/wallet/${endpoint}`, headers, raw);
      if (answer.status < 500 || attempt === 5) {
        if (answer.raw.status_code !== "OK") {
          tally.walletRefusals++;
          problem(`${endpoint} ${body.transfer_id ?? body.round_id}: ${JSON.stringify(answer.raw)}`);
        }
        // A spec-literal platform sends every callback again a little later, as after a lost answer: the same bytes get the same answer.
        if (literal && endpoint !== "bets" && answer.raw.status_code === "OK") lateRetries.push(retryLater(endpoint, raw, headers, answer.raw));
        return answer;
      }
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }

  const lateRetries: Promise<void>[] = [];
  async function retryLater(endpoint: string, raw: string, headers: Record<string, string>, first: Record<string, unknown>) {
    await new Promise((r) => setTimeout(r, 1000 + randomInt(2000)));
    const again = await call("POST", `/wallet/${endpoint}`, headers, raw);
    tally.retries++;
    if (JSON.stringify(again.raw) !== JSON.stringify(first)) problem(`late retry of ${endpoint} answered ${JSON.stringify(again.raw)}, first ${JSON.stringify(first)}`);
  }

  /** The round's bets, as the platform reads them: signed, with the secret alone, page after page. */
  const betsOf = async (roundId: string) => {
    const bets: Bet[] = [];
    for (let page = 1; ; page++) {
      const { raw } = await wallet("bets", { round_id: roundId, page, limit: 500 });
      bets.push(...((raw.bets ?? []) as Bet[]));
      if (page >= Number(raw.total_pages ?? 0)) return bets;
    }
  };

  /** Timestamps as a platform may send them: a credit's in seconds with a fraction, as time.time() gives them. */
  const creditTime = () => (literal ? Date.now() / 1000 : Math.floor(Date.now() / 1000));
  /** Absent optional fields, sent as null by a spec-literal platform's serializer. */
  const nulls = () => (literal ? { gift_spin: null, jackpot_wins: null, deduction: null } : {});

  /** A refund of one bet, as the platform sends it. */
  const refundBet = (bet: Pick<Bet, "transfer_id" | "player_id" | "amount">, roundId: string, reason: "player_exit" | "game_error") =>
    wallet("refund", {
      session_id: "simulator",
      game_code: "simulated",
      round_id: roundId,
      request_id: randomBytes(6).toString("hex"),
      timestamp: Date.now(),
      player_id: bet.player_id,
      transfer_id: bet.transfer_id,
      amount: bet.amount,
      currency,
      reason,
      reference_id: `sim-refund-${randomBytes(6).toString("hex")}`,
    });

  /** After a player left through the lobby, the platform's own player_exit refund: the bet is back already, and the answer says so. */
  async function exitAfterLeave(playerId: string, roomId: string) {
    // The bet the leave returned. Another of the simulator's hands may have seated the same player
    // in the room again meanwhile; that newer bet is still out and is not the one this exit is about.
    const bet = (await betsOf(roomId)).filter((b) => b.player_id === playerId && b.refunded).pop();
    if (!bet) return problem(`no returned bet of ${playerId} in ${roomId} after the leave`);
    const answer = await refundBet(bet, roomId, "player_exit");
    if (answer.raw.status_code === "OK" && answer.raw.casino_transfer_id !== bet.refund_casino_transfer_id) problem(`player_exit after a leave named ${String(answer.raw.casino_transfer_id)}, not ${bet.refund_casino_transfer_id}`);
    if (answer.raw.status_code === "OK") tally.exits++;
  }

  return { tally, problems, problem, call, wallet, betsOf, refundBet, exitAfterLeave, creditTime, nulls, lateRetries };
}

import { Decimal } from "@/lib/money/decimal";
import { signBody } from "@/lib/wallet/signature";
import { assertMatchesDocument } from "../support/openapi-validator";
import type { Target } from "./global-setup";
import { get, post, type Answer } from "./helpers";

interface SignOptions {
  /** Sign with this secret instead of the server's first one. */
  secret?: string;
  /** Send this X-Signature instead of a computed one (null: none). */
  signature?: string | null;
  /** The refund's X-Timestamp; defaults to the body's timestamp (null: none). */
  timestamp?: string | null;
}

/** POSTs a callback body exactly as given (a string is sent as is), signed over those exact bytes. */
export async function callWallet(t: Target, endpoint: "credit" | "refund" | "bets" | "events" | "session", body: unknown, o: SignOptions = {}): Promise<Answer> {
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  const headers: Record<string, string> = { "content-type": "application/json" };
  const signature = o.signature === undefined ? signBody(raw, o.secret ?? t.walletSecrets[0]) : o.signature;
  if (signature !== null) headers["x-signature"] = signature;
  const timestamp = o.timestamp === undefined ? String((body as { timestamp?: unknown })?.timestamp ?? "") : o.timestamp;
  if (endpoint === "refund" && timestamp !== null) headers["x-timestamp"] = timestamp;
  const response = await fetch(`${t.baseUrl}/wallet/${endpoint}`, { method: "POST", headers, body: raw });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`/wallet/${endpoint} answered ${response.status} with a body that is not JSON: ${text.slice(0, 300)}`);
  }
  assertMatchesDocument("POST", `/wallet/${endpoint}`, response.status, parsed);
  return { status: response.status, headers: response.headers, body: parsed };
}

export { creditBody, refundBody } from "../support/callback-bodies";

export async function balanceOf(t: Target, token: string): Promise<string> {
  return (await get(t, "/v1/player/balance", { token })).body.data.balance;
}

export interface Transaction {
  casino_transfer_id: string;
  kind: "deposit" | "debit" | "credit" | "refund" | "adjustment";
  from_account: string;
  to_account: string;
  amount: string;
  real_amount: string;
  bonus_amount: string;
  transfer_id: string;
  round_id: string | null;
  reference_id: string | null;
  balance_after: string;
  real_balance_after: string;
  bonus_balance_after: string;
}

/** The player's whole ledger through the admin API, newest first. */
export async function ledgerOf(t: Target, playerId: string): Promise<Transaction[]> {
  const rows: Transaction[] = [];
  for (let page = 1; ; page++) {
    const answer = await get(t, `/v1/admin/players/${playerId}/transactions?limit=100&page=${page}`, { admin: t.adminToken });
    rows.push(...answer.body.data.transactions);
    if (page >= answer.body.data.total_pages) return rows;
  }
}

/** The balance the ledger adds up to: what left the player's account out, everything else in. */
export function ledgerSum(rows: Transaction[]): Decimal {
  return rows.reduce((sum, r) => (r.from_account.startsWith("player:") ? sum.minus(r.amount) : sum.plus(r.amount)), new Decimal(0));
}

/** A room created by the player: its bet is a debit, whose transfer_id the platform refunds. */
export async function betOn(t: Target, player: { id: string; token: string; currency: string }, bet: string | number = 1) {
  const room = await post(t, "/v1/rooms", { name: "bet", bet_amount: bet, currency: player.currency, player_limit: 2, turn: 10 }, { token: player.token });
  if (room.status !== 200) throw new Error(`Could not create a room: ${JSON.stringify(room.body)}`);
  const debit = (await ledgerOf(t, player.id)).find((r) => r.kind === "debit" && r.round_id === room.body.data.id)!;
  return { roomId: room.body.data.id as string, transferId: debit.transfer_id, debit };
}

import { z } from "zod";
import { endpoint, instant, lobbyReadErrors, moneyText, success } from "@/lib/contract";
import { PlayerTransactionList } from "@/lib/wallet/contract";
import { ListTransactionsQuery } from "@/lib/wallet/list-transactions";

// The calling player, as the lobby reads them, and the player shapes the admin API shares.

export const Balance = z.object({ balance: moneyText, currency: z.string() }).meta({ id: "Balance" });
export type Balance = z.infer<typeof Balance>;

export const PlayerInfo = z
  .object({
    id: z.string().meta({ description: "The player's id: how the lobby finds its own seats in the rooms of `GET /v1/events`" }),
    username: z.string(),
    balance: moneyText,
    currency: z.string(),
    avatar: z.object({ name: z.string(), url: z.string() }),
  })
  .meta({ id: "PlayerInfo" });
export type PlayerInfo = z.infer<typeof PlayerInfo>;

/** Whether support blocked the player: when and why, or null. */
export const Blocked = z
  .object({ at: instant, reason: z.string() })
  .nullable()
  .meta({ id: "Blocked", description: "When and why support blocked the player (every player call but leaving a room answers 403 `player_blocked`); null when not blocked" });
export type Blocked = z.infer<typeof Blocked>;

export const AdminPlayer = PlayerInfo.extend({
  real_balance: moneyText,
  bonus_balance: moneyText,
  blocked: Blocked,
  pending_adjustments: z.number().int().min(0).meta({ description: "The player's balance adjustments waiting for a second person's approval" }),
  created_at: instant,
  updated_at: instant,
}).meta({ id: "AdminPlayer" });
export type AdminPlayer = z.infer<typeof AdminPlayer>;

export const IssuedToken = z
  .object({
    token: z.string().meta({ description: "Shown once; only its hash is stored" }),
    launch_url: z.string().meta({ description: "The address to hand to the player" }),
    expires_at: instant,
  })
  .meta({ id: "IssuedToken" });
export type IssuedToken = z.infer<typeof IssuedToken>;

export const RevokedTokens = z.object({ revoked: z.number().int().min(0) }).meta({ id: "RevokedTokens" });
export type RevokedTokens = z.infer<typeof RevokedTokens>;

export const playersContract = {
  playerInfo: endpoint({
    method: "GET",
    path: "/v1/player/me",
    tag: "Player",
    summary: "The calling player's profile and balance",
    auth: "player",
    lobbyRead: true,
    answers: { 200: { description: "The player", schema: success(PlayerInfo) }, ...lobbyReadErrors },
  }),
  balance: endpoint({
    method: "GET",
    path: "/v1/player/balance",
    tag: "Player",
    summary: "The calling player's balance",
    auth: "player",
    lobbyRead: true,
    answers: { 200: { description: "The balance", schema: success(Balance), example: { type: "success", status: 200, data: { balance: "97.50", currency: "USD" } } }, ...lobbyReadErrors },
  }),
  ownTransactions: endpoint({
    method: "GET",
    path: "/v1/player/transactions",
    tag: "Player",
    summary: "The calling player's ledger, newest first",
    description: "Every movement of the caller's money (bets, wins, refunds, deposits) with its cause, its room and the balance after it, a page at a time.",
    auth: "player",
    lobbyRead: true,
    query: ListTransactionsQuery,
    answers: { 200: { description: "A page of the player's ledger", schema: success(PlayerTransactionList) }, ...lobbyReadErrors },
  }),
};

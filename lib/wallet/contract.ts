import { z } from "zod";
import { endpoint, instant, moneyText, pageFields, walletAnswers, walletHeaders } from "@/lib/contract";
import { LEDGER_KINDS } from "@/db/schema/ledger";
import { MOVEMENT_CAUSES, SETTLEMENT_CAUSES } from "@/lib/ledger/causes";
import { BETS_PAGE_SIZE, BetsRequest, CreditRequest, RefundRequest } from "./schemas";
import { STATUS_CODES } from "./status-codes";

// The ledger as the API shows it, and the platform's signed calls that move money.

export const Transaction = z
  .object({
    casino_transfer_id: z.string(),
    kind: z.enum(LEDGER_KINDS).meta({ description: "`settlement`: a completed round's pot paid to the house (the rake) or the platform; it moves no player's money" }),
    cause: z.enum([...MOVEMENT_CAUSES, ...SETTLEMENT_CAUSES]).meta({ description: "The path that moved the money (docs/wallet.md, \"Causes\")" }),
    from_account: z.string().meta({ description: "The account the amount left: `player:<id>`, `pot:<round_id>`, `house`, `platform` or `operator`" }),
    to_account: z.string().meta({ description: "The account the amount entered" }),
    amount: moneyText,
    real_amount: moneyText,
    bonus_amount: moneyText,
    currency: z.string(),
    transfer_id: z.string().nullable(),
    round_id: z.string().nullable(),
    reference_id: z.string().nullable(),
    reason: z.string().nullable(),
    round_completed: z.boolean().nullable(),
    balance_after: moneyText.nullable().meta({ description: "The player's balance after the row; null on a settlement" }),
    real_balance_after: moneyText.nullable(),
    bonus_balance_after: moneyText.nullable(),
    created_at: instant,
  })
  .meta({ id: "Transaction" });
export type Transaction = z.infer<typeof Transaction>;

export const TransactionList = z.object({ transactions: z.array(Transaction), ...pageFields }).meta({ id: "TransactionList" });
export type TransactionList = z.infer<typeof TransactionList>;

export const PlayerTransaction = z
  .object({
    id: z.string().meta({ description: "The ledger row's id (the wallet's `casino_transfer_id`)" }),
    kind: z.enum(["deposit", "debit", "credit", "refund", "adjustment"]).meta({ description: "`debit` takes money (a bet); `adjustment` (the operator's) gives or takes, as `direction` says; every other kind gives it" }),
    direction: z.enum(["in", "out"]).meta({ description: "`out`: the movement took the amount from the player's balance; `in`: it added it" }),
    cause: z.enum(MOVEMENT_CAUSES).meta({
      description:
        "Why the money moved, as the path that moved it recorded it: `deposit`, `bet`, `win`, `admin_adjustment` (the operator's adjustment of the balance, either way), or, for refunds, `left_room` (the player left), `removed_by_admin`, `room_closed` (an admin closed the room) or `platform_refund` (whatever its reference_id)",
    }),
    amount: moneyText.meta({ description: "Always positive; `direction` says which way it went" }),
    currency: z.string(),
    reason: z.string().meta({ description: "The reason as recorded: the platform's (`win`, `player_exit`, `game_error`…) or the service's (`bet`, `opening_balance`, `adjustment`)" }),
    room: z.object({ id: z.string(), name: z.string() }).nullable().meta({ description: "The room of the round, when the round is one of this service's rooms" }),
    round_id: z.string().nullable(),
    balance_after: moneyText,
    created_at: instant,
  })
  .meta({ id: "PlayerTransaction" });
export type PlayerTransaction = z.infer<typeof PlayerTransaction>;

export const PlayerTransactionList = z.object({ transactions: z.array(PlayerTransaction), ...pageFields }).meta({ id: "PlayerTransactionList" });
export type PlayerTransactionList = z.infer<typeof PlayerTransactionList>;

export const walletStatus = z.enum(Object.keys(STATUS_CODES) as [keyof typeof STATUS_CODES, ...(keyof typeof STATUS_CODES)[]]);
// Required, refusals included: an empty string where there is no value (an unknown player, a refusal
// that registered nothing), so that a strict parser on the platform's side reads every answer.
const orEmpty = (schema: z.ZodString, description: string) => z.union([schema, z.literal("")]).meta({ description });
const balanceField = orEmpty(moneyText, "The player's balance after the call; empty where the player is unknown");
const transferField = orEmpty(z.string(), "The operator's reference of the transfer; empty when nothing was registered");

export const RefundAnswer = z
  .object({ status_code: walletStatus, message: z.string(), balance: balanceField, casino_transfer_id: transferField })
  .meta({ id: "RefundAnswer", description: "Every refund answer; status_code says what happened (see docs/wallet.md)" });

export const CreditAnswer = RefundAnswer.extend({
  real_amount: orEmpty(moneyText, "The part deposited to real money; empty on a refusal"),
  bonus_amount: orEmpty(moneyText, "The part deposited to bonus money; empty on a refusal"),
}).meta({ id: "CreditAnswer", description: "Every credit answer; status_code says what happened (see docs/wallet.md)" });

export const RoundBet = z
  .object({
    transfer_id: z.string().meta({ description: "The bet's transfer_id: what a refund names" }),
    player_id: z.string(),
    amount: moneyText,
    currency: z.string(),
    refunded: z.boolean(),
    refund_casino_transfer_id: orEmpty(z.string(), "The refund that returned it; empty while it is not back"),
  })
  .meta({ id: "RoundBet" });

// Present on OK only, as round_id and bets: a refusal answers status_code and message alone.
const onOk = (description: string) => z.number().int().optional().meta({ description });

export const BetsAnswer = z
  .object({
    status_code: walletStatus,
    message: z.string(),
    round_id: z.string().optional(),
    bets: z.array(RoundBet).optional().meta({ description: "On OK: this page of the round's bets, oldest first; empty past the last page" }),
    total: onOk("On OK: the bets in the round, every page together"),
    page: onOk("On OK: the page answered, from 1"),
    limit: onOk("On OK: the most bets a page holds"),
    total_pages: onOk("On OK: the pages the round's bets fill; 0 for a round without bets"),
  })
  .meta({ id: "BetsAnswer", description: "A page of the bets of a round; status_code says what happened" });

export const walletContract = {
  credit: endpoint({
    method: "POST",
    path: "/wallet/credit",
    tag: "Wallet",
    summary: "Credit a player (platform callback)",
    description: "Deposits a win exactly once per transfer_id. An exact repeat gets the first answer again.",
    auth: "none",
    body: CreditRequest,
    headers: walletHeaders,
    bodyExample: {
      request_id: "req-81f2",
      timestamp: 1795334400,
      session_id: "sess-3c1d",
      player_id: "p_7f3a",
      game_code: "dice",
      transfer_id: "tr-9a0b",
      round_id: "0b9f6c1e5d2a4f7e8c3b",
      round_completed: true,
      amount: "9.50",
      currency: "USD",
      reason: "win",
    },
    answers: walletAnswers(CreditAnswer, { status_code: "OK", message: "Credit registered.", balance: "107.00", casino_transfer_id: "0c2d4e6f8a1b3c5d7e9f", real_amount: "9.50", bonus_amount: "0.00" }),
  }),
  refund: endpoint({
    method: "POST",
    path: "/wallet/refund",
    tag: "Wallet",
    summary: "Refund a bet (platform callback)",
    description:
      "Returns a bet in full, at most once per bet and once per reference_id. X-Timestamp must equal the body's timestamp. An exact repeat gets its stored answer, whatever its X-Timestamp; a bet already returned answers `OK` with the refund that returned it and moves nothing. A `player_exit` refund frees its seat in a waiting room; once every seat's bet is back, the room finishes.",
    auth: "none",
    body: RefundRequest,
    headers: [...walletHeaders, { name: "X-Timestamp", required: true, description: "The body's timestamp (milliseconds since the epoch), within the tolerance window of the server's clock" }],
    bodyExample: {
      request_id: "req-81f3",
      timestamp: 1795334400123,
      session_id: "sess-3c1d",
      player_id: "p_7f3a",
      game_code: "dice",
      transfer_id: "1a2b3c4d5e6f7a8b9c0d",
      round_id: "0b9f6c1e5d2a4f7e8c3b",
      amount: "2.50",
      currency: "USD",
      reason: "player_exit",
      reference_id: "ref-5e6f",
    },
    answers: walletAnswers(RefundAnswer, { status_code: "OK", message: "Refund registered.", balance: "100.00", casino_transfer_id: "5d7e9f0c2d4e6f8a1b3c" }),
  }),
  bets: endpoint({
    method: "POST",
    path: "/wallet/bets",
    tag: "Wallet",
    summary: "The bets of a round (signed like the callbacks)",
    description:
      `For the platform: the bets taken for a round (a room's id), oldest first, each with the \`transfer_id\` a refund names and whether it was refunded, a page at a time: \`page\` from 1 (default 1), \`limit\` 1 to ${BETS_PAGE_SIZE.max} bets (default ${BETS_PAGE_SIZE.default}). Pages follow the order of writing, so they neither overlap nor skip; a page past the end is empty, with the total. A bad \`page\` or \`limit\` answers \`ERR_INVALID_REQUEST\` naming it. Signed like the callbacks: \`X-Signature\` over the exact body bytes. Moves nothing. An unknown round has no bets.`,
    auth: "none",
    body: BetsRequest,
    headers: walletHeaders,
    bodyExample: { round_id: "0b9f6c1e5d2a4f7e8c3b", page: 1, limit: 100 },
    answers: walletAnswers(BetsAnswer, {
      status_code: "OK",
      message: "1 bet in round 0b9f6c1e5d2a4f7e8c3b.",
      round_id: "0b9f6c1e5d2a4f7e8c3b",
      bets: [{ transfer_id: "1a2b3c4d5e6f7a8b9c0d", player_id: "p_7f3a", amount: "2.50", currency: "USD", refunded: false, refund_casino_transfer_id: "" }],
      total: 1,
      page: 1,
      limit: 100,
      total_pages: 1,
    }),
  }),
};

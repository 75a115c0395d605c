import { randomBytes } from "node:crypto";
import { ROOM_SORTS } from "@/lib/rooms/schemas";
import { signBody } from "@/lib/wallet/signature";
import { expectWalletOk, type Call, type Scenario } from "./load";
import { BENCH_CURRENCIES } from "./seed";

// What the benchmark asks of the app: the routes a lobby and a platform call, with the mix of
// filters, pages, players and transfers a busy operator sees.

export interface Actors {
  /** Launch tokens of bench players, with each player's id and currency. */
  players: { id: string; token: string; currency: string }[];
  /** Players the wallet scenarios credit: many, so that no one player's lock becomes the bottleneck. */
  walletPlayers: { id: string; currency: string }[];
  /** Ids of seeded rooms in every state. */
  roomIds: string[];
  signingSecret: string;
}

/** A refundable bet: the debit a room creation made. */
export interface Bet {
  playerId: string;
  transferId: string;
  roomId: string;
  amount: string;
  currency: string;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const id = (prefix: string) => `${prefix}-${randomBytes(8).toString("hex")}`;

/** Every valid mix of the list's filters: statuses × currencies × limits × minimums × maximums, minimum ≤ maximum. */
export const FILTER_COMBINATIONS: string[] = (() => {
  const options = [
    ["", "status=waiting", "status=playing", "status=finished"],
    ["", ...BENCH_CURRENCIES.map((c) => `currency=${c}`)],
    ["", "player_limit=2", "player_limit=4"],
    ["", "min_bet_amount=1", "min_bet_amount=5", "min_bet_amount=100"],
    ["", "max_bet_amount=1", "max_bet_amount=25"],
  ];
  const all = options.reduce<string[]>((combos, values) => combos.flatMap((c) => values.map((v) => [c, v].filter(Boolean).join("&"))), [""]);
  return all.filter((combo) => {
    const q = new URLSearchParams(combo);
    return !q.has("min_bet_amount") || !q.has("max_bet_amount") || Number(q.get("min_bet_amount")) <= Number(q.get("max_bet_amount"));
  });
})();

export const MAX_BENCH_PAGE = 50;

export function scenarios(a: Actors) {
  const asPlayer = (path: string): Call => ({ method: "GET", path, headers: { "x-player-token": pick(a.players).token } });
  const list = (name: string, query: () => string): Scenario => ({ name, group: "list", next: () => asPlayer(`/v1/rooms${query() ? `?${query()}` : ""}`) });
  const deepPage = () => `page=${1 + Math.floor(Math.random() * MAX_BENCH_PAGE)}`;

  const signed = (path: string, body: object, extra: Record<string, string> = {}): Call => {
    const raw = JSON.stringify(body);
    return { method: "POST", path, body: raw, headers: { "content-type": "application/json", "x-signature": signBody(raw, a.signingSecret), ...extra } };
  };
  const credit = (player: { id: string; currency: string }, transferId: string, roundId: string) => ({
    request_id: id("req"),
    timestamp: Math.floor(Date.now() / 1000),
    session_id: "bench-session",
    player_id: player.id,
    game_code: "bench",
    transfer_id: transferId,
    round_id: roundId,
    round_completed: false,
    amount: "5",
    currency: player.currency,
    reason: "win",
  });
  // One body, signed once, sent over and over: what a platform retrying a transfer sends.
  const repeated = signed("/wallet/credit", credit(a.walletPlayers[0]!, id("bench-repeat"), id("round")));

  return {
    health: { name: "health (GET /v1)", group: "floor", next: () => ({ method: "GET", path: "/v1" }) } satisfies Scenario,
    lists: [
      list("list, no filter", () => ""),
      list("list, status=waiting", () => "status=waiting"),
      list("list, currency=EUR", () => "currency=EUR"),
      list("list, player_limit=4", () => "player_limit=4"),
      list("list, min_bet_amount=5", () => "min_bet_amount=5"),
      list("list, max_bet_amount=1", () => "max_bet_amount=1"),
      list("list, all five filters", () => "status=finished&currency=USD&player_limit=2&min_bet_amount=1&max_bet_amount=25"),
      list("list, pages 1-50", deepPage),
      // The lobby's default view (a player's currency, waiting), in any order a player picks.
      list("list, status=waiting&currency=any, any sort, pages 1-5", () => `status=waiting&currency=${pick(BENCH_CURRENCIES)}&sort=${pick(ROOM_SORTS)}&page=${1 + Math.floor(Math.random() * 5)}`),
      ...ROOM_SORTS.filter((sort) => sort !== "newest").map((sort) =>
        list(`list, sort=${sort}, any filter mix, pages 1-50`, () => [pick(FILTER_COMBINATIONS), `sort=${sort}`, deepPage()].filter(Boolean).join("&")),
      ),
      list(`list, any of ${FILTER_COMBINATIONS.length} filter mixes, pages 1-50`, () => [pick(FILTER_COMBINATIONS), deepPage()].filter(Boolean).join("&")),
    ] satisfies Scenario[],
    others: [
      { name: "room details", group: "room", next: () => asPlayer(`/v1/rooms/${pick(a.roomIds)}`) },
      { name: "player balance", group: "player", next: () => asPlayer("/v1/player/balance") },
      {
        name: "create room",
        group: "room",
        next: () => {
          const player = pick(a.players);
          const body = { name: "Bench table", bet_amount: player.currency === "JPY" ? 100 : 1, currency: player.currency, player_limit: 2, turn: 30 };
          return { method: "POST", path: "/v1/rooms", headers: { "x-player-token": player.token, "content-type": "application/json" }, body: JSON.stringify(body) };
        },
      },
      { name: "credit, fresh transfer ids", group: "wallet", ...expectWalletOk, next: () => signed("/wallet/credit", credit(pick(a.walletPlayers), id("bench-transfer"), id("round"))) },
      { name: "credit, repeats of one transfer id", group: "wallet", ...expectWalletOk, next: () => repeated },
    ] satisfies Scenario[],
    /** Refunds each bet once: as many requests as there are bets. */
    refunds(bets: Bet[]): Scenario {
      let next = 0;
      return {
        name: "refund of a bet",
        group: "wallet",
        amount: bets.length,
        ...expectWalletOk,
        next: () => {
          const bet = bets[next++ % bets.length]!;
          const timestamp = Date.now();
          const body = {
            request_id: id("req"),
            timestamp,
            session_id: "bench-session",
            player_id: bet.playerId,
            game_code: "bench",
            transfer_id: bet.transferId,
            round_id: bet.roomId,
            amount: bet.amount,
            currency: bet.currency,
            reason: "player_exit",
            reference_id: id("bench-refund"),
          };
          return signed("/wallet/refund", body, { "x-timestamp": String(timestamp) });
        },
      };
    },
    /** A mix of reads and wallet writes, for the memory check. */
    mixed(lists: Scenario, details: Scenario, credits: Scenario): Scenario {
      let turn = 0;
      const order = [lists, lists, details, credits];
      return {
        name: "mixed: lists, details, credits",
        group: "mixed",
        next: () => order[turn++ % order.length]!.next(),
        ok: (status, body) => status >= 200 && status < 300 && (!body.includes('"status_code"') || body.includes('"status_code":"OK"')),
      };
    },
  };
}

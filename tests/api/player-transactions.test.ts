import { describe, expect, it } from "vitest";
import type { PlayerTransaction } from "@/lib/wallet/contract";
import { expectError, get, newPlayer, post, targets } from "./helpers";
import { callWallet, creditBody, refundBody } from "./wallet-helpers";

describe.each(targets)("$name: GET /v1/player/transactions", (t) => {
  const history = async (token: string, search = "") => {
    const answer = await get(t, `/v1/player/transactions${search}`, { token });
    expect(answer.status).toBe(200);
    return answer.body.data as { transactions: PlayerTransaction[]; total: number; page: number; limit: number; total_pages: number };
  };
  const makeRoom = async (token: string, name: string, bet: string, playerLimit = 2) => {
    const made = await post(t, "/v1/rooms", { name, bet_amount: bet, currency: "USD", player_limit: playerLimit, turn: 10 }, { token });
    expect(made.status).toBe(200);
    return made.body.data.id as string;
  };

  it("answers the caller's own movements, newest first, each with its cause, room and balance after", async () => {
    const me = await newPlayer(t, { balance: "100.00" });
    const other = await newPlayer(t, { balance: "100.00" });
    const left = await makeRoom(me.token, "Left behind", "2.50");
    expect((await post(t, `/v1/rooms/${left}/leave`, undefined, { token: me.token })).status).toBe(200);
    const closed = await makeRoom(me.token, "Closed by the house", "4.00");
    expect((await post(t, `/v1/admin/rooms/${closed}/close`, undefined, { admin: t.adminToken })).status).toBe(200);
    const removedFrom = await makeRoom(other.token, "Removed from", "1.00", 4);
    expect((await post(t, `/v1/rooms/${removedFrom}/join`, undefined, { token: me.token })).status).toBe(200);
    expect((await post(t, `/v1/admin/rooms/${removedFrom}/players/${me.id}/remove`, undefined, { admin: t.adminToken })).status).toBe(200);
    const refunded = await makeRoom(me.token, "Refunded by the platform", "3.00");
    const debit = (await history(me.token)).transactions[0]!;
    expect(debit).toMatchObject({ kind: "debit", cause: "bet", round_id: refunded });
    const transferId = (await get(t, `/v1/admin/players/${me.id}/transactions?limit=1`, { admin: t.adminToken })).body.data.transactions[0].transfer_id;
    const refund = await callWallet(t, "refund", refundBody(me.id, { transfer_id: transferId, round_id: refunded, amount: "3.00", reason: "game_error" }));
    expect(refund.body.status_code).toBe("OK");
    const credit = await callWallet(t, "credit", creditBody(me.id, { amount: "7.25", round_id: "platform-round-1" }));
    expect(credit.body.status_code).toBe("OK");

    const { transactions, total } = await history(me.token);
    expect(total).toBe(10);
    expect(transactions.map((r) => [r.cause, r.kind, r.amount, r.room?.name ?? null, r.reason, r.balance_after])).toEqual([
      ["win", "credit", "7.25", null, "win", "107.25"],
      ["platform_refund", "refund", "3.00", "Refunded by the platform", "game_error", "100.00"],
      ["bet", "debit", "3.00", "Refunded by the platform", "bet", "97.00"],
      ["removed_by_admin", "refund", "1.00", "Removed from", "admin_removal", "100.00"],
      ["bet", "debit", "1.00", "Removed from", "bet", "99.00"],
      ["room_closed", "refund", "4.00", "Closed by the house", "game_error", "100.00"],
      ["bet", "debit", "4.00", "Closed by the house", "bet", "96.00"],
      ["left_room", "refund", "2.50", "Left behind", "player_exit", "100.00"],
      ["bet", "debit", "2.50", "Left behind", "bet", "97.50"],
      ["deposit", "deposit", "100.00", null, "opening_balance", "100.00"],
    ]);
    expect(transactions.every((r) => r.currency === "USD" && !Number.isNaN(Date.parse(r.created_at)))).toBe(true);
    expect(transactions[0]!.round_id).toBe("platform-round-1");
    // Only the caller's: the other player's bet is not here.
    expect(transactions.filter((r) => r.room?.id === removedFrom && r.kind === "debit")).toHaveLength(1);
    expect((await history(other.token)).total).toBe(2);
  });

  it("pages with page and limit, exactly", async () => {
    const me = await newPlayer(t, { balance: "50.00" });
    for (const bet of ["1.00", "2.00", "3.00"]) await makeRoom(me.token, `Page ${bet}`, bet);
    const first = await history(me.token, "?limit=2");
    expect(first).toMatchObject({ total: 4, page: 1, limit: 2, total_pages: 2 });
    expect(first.transactions.map((r) => r.amount)).toEqual(["3.00", "2.00"]);
    const second = await history(me.token, "?limit=2&page=2");
    expect(second.transactions.map((r) => r.amount)).toEqual(["1.00", "50.00"]);
    expect((await history(me.token, "?limit=2&page=3")).transactions).toEqual([]);
  });

  it("refuses bad paging and unknown parameters with 400, and a missing token with 401", async () => {
    const me = await newPlayer(t);
    for (const [search, path] of [
      ["?limit=0", "limit"],
      ["?limit=101", "limit"],
      ["?page=x", "page"],
      ["?player_id=someone", "player_id"],
    ]) {
      const answer = await get(t, `/v1/player/transactions${search}`, { token: me.token });
      expectError(answer, 400, "validation_failed");
      expect(answer.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expectError(await get(t, "/v1/player/transactions"), 401, "token_missing");
  });
});

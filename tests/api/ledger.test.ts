import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { holdPlayerRow } from "../support/row-lock";
import { TEST_WALLET_DEADLINE_MS } from "./global-setup";
import { expectError, get, newPlayer, post, targets, describePostgres } from "./helpers";
import { balanceOf, betOn, callWallet, creditBody, ledgerOf, ledgerSum, refundBody } from "./wallet-helpers";

const room = (currency = "USD", bet: number | string = 1) => ({ name: "ledger", bet_amount: bet, currency, player_limit: 2, turn: 10 });

describe.each(targets)("$name: the ledger", (t) => {
  it("debits a room's bet from its creator, with the room as the round", async () => {
    const p = await newPlayer(t, { balance: "10.00" });
    const created = await post(t, "/v1/rooms", room("USD", 2.5), { token: p.token });
    expect(await balanceOf(t, p.token)).toBe("7.50");
    const [debit, deposit] = await ledgerOf(t, p.id);
    expect(debit).toMatchObject({ kind: "debit", amount: "2.50", real_amount: "2.50", round_id: created.body.data.id, balance_after: "7.50" });
    expect(deposit).toMatchObject({ kind: "deposit", amount: "10.00", balance_after: "10.00" });
  });

  it("takes a bet equal to the whole balance, and refuses a bet over it with nothing created", async () => {
    const p = await newPlayer(t, { balance: "3.00" });
    expect((await post(t, "/v1/rooms", room("USD", 3), { token: p.token })).status).toBe(200);
    expect(await balanceOf(t, p.token)).toBe("0.00");
    const refused = await post(t, "/v1/rooms", room("USD", 0.01), { token: p.token });
    expectError(refused, 409, "insufficient_funds");
    expect(await ledgerOf(t, p.id)).toHaveLength(2);
    const list = await get(t, "/v1/rooms?limit=1", { token: p.token });
    expect(list.body.data.active_rooms).toHaveLength(1);
  });

  it("lets concurrent bets spend a balance exactly once", async () => {
    const p = await newPlayer(t, { balance: "5.00" });
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(t, "/v1/rooms", room(), { token: p.token })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    for (const a of answers.filter((a) => a.status !== 200)) expectError(a, 409, "insufficient_funds");
    expect(await balanceOf(t, p.token)).toBe("0.00");
    expect((await get(t, "/v1/rooms?limit=1", { token: p.token })).body.data.active_rooms).toHaveLength(5);
  });

  it("adds up to the balance after every kind of movement", async () => {
    const p = await newPlayer(t, { balance: "20.00" });
    await callWallet(t, "credit", creditBody(p.id, { amount: "3.33" }));
    await callWallet(t, "credit", creditBody(p.id, { amount: "1.11", gift_spin: {} }));
    const bet = await betOn(t, p, 7);
    await betOn(t, p, 0.5);
    await callWallet(t, "refund", refundBody(p.id, { transfer_id: bet.transferId, amount: "7.00" }));
    await callWallet(t, "credit", creditBody(p.id, { amount: "abc" }));
    const ledger = await ledgerOf(t, p.id);
    expect(ledger.map((r) => r.kind)).toEqual(["refund", "debit", "debit", "credit", "credit", "deposit"]);
    expect(ledgerSum(ledger).toFixed(2)).toBe(await balanceOf(t, p.token));
    expect(ledger[0]!.balance_after).toBe(await balanceOf(t, p.token));
  });

  describe("GET /v1/admin/players/{player_id}/transactions", () => {
    it("pages newest first", async () => {
      const p = await newPlayer(t, { balance: "1.00" });
      for (const amount of ["1.00", "2.00", "3.00"]) await callWallet(t, "credit", creditBody(p.id, { amount }));
      const page = (n: number) => get(t, `/v1/admin/players/${p.id}/transactions?limit=3&page=${n}`, { admin: t.adminToken });
      const [first, second] = [await page(1), await page(2)];
      expect(first.body.data).toMatchObject({ total: 4, page: 1, limit: 3, total_pages: 2 });
      expect(first.body.data.transactions.map((r: { amount: string }) => r.amount)).toEqual(["3.00", "2.00", "1.00"]);
      expect(second.body.data.transactions.map((r: { kind: string }) => r.kind)).toEqual(["deposit"]);
    });

    it("needs the admin token, a known player and a valid page", async () => {
      const p = await newPlayer(t);
      expectError(await get(t, `/v1/admin/players/${p.id}/transactions`, { token: p.token }), 401, "admin_unauthorized");
      expectError(await get(t, "/v1/admin/players/nobody/transactions", { admin: t.adminToken }), 404, "player_not_found");
      expectError(await get(t, `/v1/admin/players/${p.id}/transactions?limit=101`, { admin: t.adminToken }), 400, "validation_failed");
    });
  });
});

// Checks that look behind the API, at the database itself.
describePostgres("the ledger in the database", (t) => {
  const withSql = async <T>(work: (sql: postgres.Sql) => Promise<T>) => {
    const sql = postgres(t.databaseUrl!, { max: 2, onnotice: () => {} });
    try {
      return await work(sql);
    } finally {
      await sql.end();
    }
  };

  /** Runs `work` while another transaction holds the player's row lock, then lets it go. */
  const whileRowHeld = (playerId: string, work: () => Promise<void>) =>
    withSql(async (sql) => {
      const release = await holdPlayerRow(sql, playerId);
      try {
        await work();
      } finally {
        await release();
      }
    });

  it("keeps ledger rows immutable", async () => {
    const p = await newPlayer(t, { balance: "1.00" });
    await withSql(async (sql) => {
      await expect(sql`update ledger_entries set amount = 1000 where player_id = ${p.id}`).rejects.toThrow(/immutable/);
      await expect(sql`delete from ledger_entries where player_id = ${p.id}`).rejects.toThrow(/immutable/);
    });
  });

  it("answers ERR_TIMEOUT with 503 and commits nothing when the player's row is held past the deadline", async () => {
    const p = await newPlayer(t, { balance: "1.00" });
    const body = creditBody(p.id, { amount: "4.00" });
    let answer!: Awaited<ReturnType<typeof callWallet>>;
    let waited = 0;
    await whileRowHeld(p.id, async () => {
      const started = Date.now();
      answer = await callWallet(t, "credit", body);
      waited = Date.now() - started;
    });
    expect(answer.status).toBe(503);
    expect(answer.body.status_code).toBe("ERR_TIMEOUT");
    expect(waited).toBeGreaterThanOrEqual(TEST_WALLET_DEADLINE_MS - 100);
    expect(await ledgerOf(t, p.id)).toHaveLength(1);
    expect(await balanceOf(t, p.token)).toBe("1.00");
    const retry = await callWallet(t, "credit", body);
    expect(retry.body).toMatchObject({ status_code: "OK", balance: "5.00" });
  });

  it("answers a repeat of a registered credit while the player's row is held, without waiting for it", async () => {
    const p = await newPlayer(t, { balance: "1.00" });
    const body = creditBody(p.id, { amount: "2.00" });
    const first = await callWallet(t, "credit", body);
    expect(first.body).toMatchObject({ status_code: "OK", balance: "3.00" });
    await whileRowHeld(p.id, async () => {
      const repeat = await callWallet(t, "credit", body);
      const fresh = await callWallet(t, "credit", creditBody(p.id, { amount: "2.00" }));
      // The repeat needed no lock; the fresh credit did, and ran out of time behind the holder.
      expect(repeat.body).toEqual(first.body);
      expect(fresh.body.status_code).toBe("ERR_TIMEOUT");
    });
    expect(await ledgerOf(t, p.id)).toHaveLength(2);
  });
});

import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { newPlayer, targets } from "./helpers";
import { balanceOf, betOn, callWallet, creditBody, ledgerOf, ledgerSum, refundBody } from "./wallet-helpers";

describe.each(targets)("$name: POST /wallet/refund", (t) => {
  it("returns a bet in full and answers the spec's fields", async () => {
    const p = await newPlayer(t, { balance: "10.00" });
    const bet = await betOn(t, p, 2.5);
    expect(await balanceOf(t, p.token)).toBe("7.50");
    const answer = await callWallet(t, "refund", refundBody(p.id, { transfer_id: bet.transferId, round_id: bet.roomId, amount: "2.50" }));
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(["balance", "casino_transfer_id", "message", "status_code"]);
    expect(answer.body).toMatchObject({ status_code: "OK", balance: "10.00" });
    const [entry] = await ledgerOf(t, p.id);
    expect(entry).toMatchObject({ kind: "refund", casino_transfer_id: answer.body.casino_transfer_id, transfer_id: bet.transferId, amount: "2.50" });
  });

  it("returns each part to the money it came from", async () => {
    const p = await newPlayer(t, { balance: "1.00" });
    await callWallet(t, "credit", creditBody(p.id, { amount: "4.00", gift_spin: { campaign: "x" } }));
    const bet = await betOn(t, p, 3);
    expect(bet.debit).toMatchObject({ real_amount: "1.00", bonus_amount: "2.00", real_balance_after: "0.00", bonus_balance_after: "2.00" });
    await callWallet(t, "refund", refundBody(p.id, { transfer_id: bet.transferId, amount: "3" }));
    const [refund] = await ledgerOf(t, p.id);
    expect(refund).toMatchObject({ real_amount: "1.00", bonus_amount: "2.00", real_balance_after: "1.00", bonus_balance_after: "4.00" });
  });

  it("answers an exact repeat (same reference_id) with the first answer, and another reference with OK and the first refund, moving nothing", async () => {
    const p = await newPlayer(t, { balance: "10.00" });
    const bet = await betOn(t, p, 1);
    const body = refundBody(p.id, { transfer_id: bet.transferId });
    const first = await callWallet(t, "refund", body);
    const repeat = await callWallet(t, "refund", { ...body, request_id: "retry", timestamp: Date.now() });
    expect(repeat.body).toEqual(first.body);
    const second = await callWallet(t, "refund", { ...body, reference_id: `another-${body.reference_id}` });
    expect(second.body).toMatchObject({ status_code: "OK", balance: "10.00", casino_transfer_id: first.body.casino_transfer_id });
    expect(await balanceOf(t, p.token)).toBe("10.00");
  });

  it("refuses a reused reference_id for another refund", async () => {
    const p = await newPlayer(t, { balance: "10.00" });
    const [a, b] = [await betOn(t, p, 1), await betOn(t, p, 2)];
    const body = refundBody(p.id, { transfer_id: a.transferId });
    await callWallet(t, "refund", body);
    const answer = await callWallet(t, "refund", { ...body, transfer_id: b.transferId, amount: "2.00" });
    expect(answer.body).toMatchObject({ status_code: "ERR_DUPLICATE_TRANSFER", balance: "8.00" });
  });

  it("answers ERR_TRANSFER_DOES_NOT_EXIST for an unknown original, changing nothing", async () => {
    const p = await newPlayer(t, { balance: "10.00" });
    const body = refundBody(p.id, { transfer_id: "never-debited" });
    const answer = await callWallet(t, "refund", body);
    expect(answer.body).toEqual({ status_code: "ERR_TRANSFER_DOES_NOT_EXIST", message: expect.any(String), balance: "10.00", casino_transfer_id: "" });
    expect(await ledgerOf(t, p.id)).toHaveLength(1);
    if (t.databaseUrl) {
      const sql = postgres(t.databaseUrl, { max: 1 });
      const attempts = await sql`select status_code from refund_attempts where reference_id = ${body.reference_id}`;
      await sql.end();
      expect(attempts).toEqual([{ status_code: "ERR_TRANSFER_DOES_NOT_EXIST" }]);
    }
  });

  it("answers ERR_AMOUNT_MISMATCH for another amount, and takes an equal amount written differently", async () => {
    const p = await newPlayer(t, { balance: "10.00" });
    const bet = await betOn(t, p, 2);
    const mismatch = await callWallet(t, "refund", refundBody(p.id, { transfer_id: bet.transferId, amount: "2.01" }));
    expect(mismatch.body).toMatchObject({ status_code: "ERR_AMOUNT_MISMATCH", balance: "8.00" });
    expect((await callWallet(t, "refund", refundBody(p.id, { transfer_id: bet.transferId, amount: "2" }))).body.status_code).toBe("OK");
  });

  it("refuses a refund of another player's bet, and one in another currency", async () => {
    const [a, b] = [await newPlayer(t, { balance: "5.00" }), await newPlayer(t, { balance: "5.00" })];
    const bet = await betOn(t, a, 1);
    const other = await callWallet(t, "refund", refundBody(b.id, { transfer_id: bet.transferId }));
    expect(other.body).toMatchObject({ status_code: "ERR_INVALID_PLAYER_ID", balance: "5.00" });
    const currency = await callWallet(t, "refund", refundBody(a.id, { transfer_id: bet.transferId, currency: "EUR" }));
    expect(currency.body).toMatchObject({ status_code: "ERR_INVALID_ACCOUNT", balance: "4.00" });
    expect((await callWallet(t, "refund", refundBody("no-such-player"))).body.status_code).toBe("ERR_INVALID_PLAYER_ID");
  });

  describe("X-Timestamp", () => {
    it.each([
      ["missing", (ts: number) => ({ body: ts, header: null })],
      ["different from the body", (ts: number) => ({ body: ts, header: String(ts + 1) })],
    ])("answers ERR_INTEGRITY_CHECK_FAILED when %s, changing nothing", async (_, times) => {
      const p = await newPlayer(t, { balance: "10.00" });
      const bet = await betOn(t, p, 1);
      const { body, header } = times(Date.now());
      const answer = await callWallet(t, "refund", refundBody(p.id, { transfer_id: bet.transferId, timestamp: body }), { timestamp: header });
      expect(answer.body.status_code).toBe("ERR_INTEGRITY_CHECK_FAILED");
      expect(await balanceOf(t, p.token)).toBe("9.00");
    });

    // The window is off by default (WALLET_TIMESTAMP_TOLERANCE_SECONDS=0); with one set: platform-refunds.test.ts.
    it.each([["four minutes old", -240_000], ["a day old", -86_400_000], ["six minutes ahead", 360_000]])("accepts a timestamp %s", async (_, offset) => {
      const p = await newPlayer(t, { balance: "10.00" });
      const bet = await betOn(t, p, 1);
      const ts = Date.now() + offset;
      expect((await callWallet(t, "refund", refundBody(p.id, { transfer_id: bet.transferId, timestamp: ts }))).body.status_code).toBe("OK");
    });
  });

  it("refunds a bet once when 20 different refunds of it race: one registers it, 19 are told it is back", async () => {
    const p = await newPlayer(t, { balance: "10.00" });
    const bet = await betOn(t, p, 4);
    const bodies = Array.from({ length: 20 }, () => refundBody(p.id, { transfer_id: bet.transferId, amount: "4.00" }));
    const answers = await Promise.all(bodies.map((body) => callWallet(t, "refund", body)));
    const refunds = (await ledgerOf(t, p.id)).filter((r) => r.kind === "refund");
    expect(refunds).toHaveLength(1);
    const [returned] = refunds;
    // The refund whose reference_id the ledger row carries registered it; every other names that row.
    expect(bodies.filter((body) => body.reference_id === returned!.reference_id)).toHaveLength(1);
    const back = `The bet was returned already by refund ${returned!.casino_transfer_id} (player_exit); nothing moved.`;
    expect(answers.map((a) => a.body)).toEqual(
      bodies.map((body) => ({
        status_code: "OK",
        message: body.reference_id === returned!.reference_id ? "Refund registered." : back,
        balance: "10.00",
        casino_transfer_id: returned!.casino_transfer_id,
      })),
    );
    expect(await balanceOf(t, p.token)).toBe("10.00");
    expect(ledgerSum(await ledgerOf(t, p.id)).toFixed(2)).toBe("10.00");
  });
});

import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newPlayer, targets } from "./helpers";
import { Decimal } from "@/lib/money/decimal";
import { balanceOf, betOn, callWallet, creditBody, ledgerOf, ledgerSum } from "./wallet-helpers";

const OK_KEYS = ["balance", "bonus_amount", "casino_transfer_id", "message", "real_amount", "status_code"];

describe.each(targets)("$name: POST /wallet/credit", (t) => {
  it("deposits a win to real money and answers the spec's fields", async () => {
    const p = await newPlayer(t, { balance: "10.00" });
    const answer = await callWallet(t, "credit", creditBody(p.id, { amount: "5.25" }));
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(OK_KEYS);
    expect(answer.body).toMatchObject({ status_code: "OK", balance: "15.25", real_amount: "5.25", bonus_amount: "0.00" });
    expect(await balanceOf(t, p.token)).toBe("15.25");
    const [entry] = await ledgerOf(t, p.id);
    expect(entry).toMatchObject({ kind: "credit", casino_transfer_id: answer.body.casino_transfer_id, amount: "5.25", balance_after: "15.25" });
  });

  it("deposits a win that carries gift_spin to bonus money", async () => {
    const p = await newPlayer(t, { balance: "1.00" });
    const answer = await callWallet(t, "credit", creditBody(p.id, { amount: "3.00", gift_spin: { campaign_id: "welcome", spins: 10 } }));
    expect(answer.body).toMatchObject({ status_code: "OK", balance: "4.00", real_amount: "0.00", bonus_amount: "3.00" });
    const [entry] = await ledgerOf(t, p.id);
    expect(entry).toMatchObject({ real_balance_after: "1.00", bonus_balance_after: "3.00", bonus_amount: "3.00" });
  });

  it("accepts zero, jackpot_wins as text or object, and a deduction", async () => {
    const p = await newPlayer(t, { balance: "0" });
    for (const extra of [{ amount: "0" }, { jackpot_wins: "2.00", amount: "2.00" }, { jackpot_wins: { total: "1.00" }, deduction: "0.10", amount: "1.00" }]) {
      expect((await callWallet(t, "credit", creditBody(p.id, extra))).body.status_code).toBe("OK");
    }
    expect(await balanceOf(t, p.token)).toBe("3.00");
  });

  it("answers an exact repeat with the first answer, word for word, and registers it once", async () => {
    const p = await newPlayer(t, { balance: "0" });
    const body = creditBody(p.id, { amount: "7.00" });
    const first = await callWallet(t, "credit", body);
    await callWallet(t, "credit", creditBody(p.id, { amount: "1.00" }));
    const repeat = await callWallet(t, "credit", body);
    expect(repeat.body).toEqual(first.body);
    expect(repeat.body.balance).toBe("7.00");
    expect(await balanceOf(t, p.token)).toBe("8.00");
    expect((await ledgerOf(t, p.id)).filter((r) => r.transfer_id === body.transfer_id)).toHaveLength(1);
  });

  it.each([
    ["amount", { amount: "7.01" }],
    ["currency", { currency: "EUR" }],
    ["round", { round_id: "another-round" }],
  ])("refuses the same transfer_id with another %s, changing nothing", async (_, change) => {
    const p = await newPlayer(t, { balance: "0" });
    const body = creditBody(p.id, { amount: "7.00" });
    await callWallet(t, "credit", body);
    const answer = await callWallet(t, "credit", { ...body, ...change, request_id: "another" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status_code: "ERR_DUPLICATE_TRANSFER", balance: "7.00" });
    expect(await balanceOf(t, p.token)).toBe("7.00");
  });

  it("refuses the same transfer_id for another player", async () => {
    const [a, b] = [await newPlayer(t, { balance: "0" }), await newPlayer(t, { balance: "0" })];
    const body = creditBody(a.id);
    await callWallet(t, "credit", body);
    expect((await callWallet(t, "credit", { ...body, player_id: b.id })).body.status_code).toBe("ERR_DUPLICATE_TRANSFER");
    expect(await balanceOf(t, b.token)).toBe("0.00");
  });

  it("answers ERR_INVALID_PLAYER_ID for an unknown player and ERR_INVALID_ACCOUNT for another currency", async () => {
    const unknown = await callWallet(t, "credit", creditBody("00000000-0000-4000-8000-0000000000ff"));
    expect(unknown.body).toEqual({ status_code: "ERR_INVALID_PLAYER_ID", message: expect.any(String), balance: "", casino_transfer_id: "", real_amount: "", bonus_amount: "" });
    const p = await newPlayer(t, { balance: "2.00" });
    const other = await callWallet(t, "credit", creditBody(p.id, { currency: "EUR" }));
    expect(other.body).toEqual({ status_code: "ERR_INVALID_ACCOUNT", message: expect.stringContaining("USD"), balance: "2.00", casino_transfer_id: "", real_amount: "", bonus_amount: "" });
    expect(await balanceOf(t, p.token)).toBe("2.00");
  });

  describe("signature", () => {
    it("accepts the second secret of a rotation, base64 and a sha256= prefix", async () => {
      const p = await newPlayer(t, { balance: "0" });
      expect((await callWallet(t, "credit", creditBody(p.id), { secret: t.walletSecrets[1] })).body.status_code).toBe("OK");
      const body = JSON.stringify(creditBody(p.id));
      const mac = createHmac("sha256", t.walletSecrets[0]).update(body).digest();
      expect((await callWallet(t, "credit", body, { signature: mac.toString("base64") })).body.status_code).toBe("OK");
      const again = JSON.stringify(creditBody(p.id));
      const hex = createHmac("sha256", t.walletSecrets[0]).update(again).digest("hex");
      expect((await callWallet(t, "credit", again, { signature: `sha256=${hex}` })).body.status_code).toBe("OK");
      expect(await balanceOf(t, p.token)).toBe("15.00");
    });

    it("verifies the raw bytes as sent, whatever their spacing", async () => {
      const p = await newPlayer(t, { balance: "0" });
      const spaced = JSON.stringify(creditBody(p.id), null, 3) + "\n";
      expect((await callWallet(t, "credit", spaced)).body.status_code).toBe("OK");
    });

    it.each([
      ["no signature", { signature: null }],
      ["a wrong secret", { secret: "not-the-secret-at-all" }],
      ["a signature of something else", { signature: createHmac("sha256", "x").update("{}").digest("hex") }],
      ["garbage", { signature: "%%%" }],
    ])("answers ERR_INTEGRITY_CHECK_FAILED for %s, changing nothing", async (_, options) => {
      const p = await newPlayer(t, { balance: "1.00" });
      const answer = await callWallet(t, "credit", creditBody(p.id), options);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ status_code: "ERR_INTEGRITY_CHECK_FAILED", message: expect.any(String), balance: "", casino_transfer_id: "", real_amount: "", bonus_amount: "" });
      expect(await balanceOf(t, p.token)).toBe("1.00");
    });

    it("checks the signature before reading the body: a badly signed bad body is an integrity failure", async () => {
      expect((await callWallet(t, "credit", "{not json", { signature: "00".repeat(32) })).body.status_code).toBe("ERR_INTEGRITY_CHECK_FAILED");
    });
  });

  describe("bad input", () => {
    it.each([
      ["amount as a number", { amount: 5 }, "amount"],
      ["a negative amount", { amount: "-5.00" }, "amount"],
      ["an amount in exponent form", { amount: "5e2" }, "amount"],
      ["an amount with a comma", { amount: "5,00" }, "amount"],
      ["an amount with a space", { amount: "5.00 " }, "amount"],
      ["too many decimals for USD", { amount: "5.001" }, "amount"],
      ["an amount past the column", { amount: "1000000000000.00" }, "amount"],
      ["NaN", { amount: "NaN" }, "amount"],
      ["a missing transfer_id", { transfer_id: undefined }, "transfer_id"],
      ["round_completed as text", { round_completed: "yes" }, "round_completed"],
      ["a timestamp as text", { timestamp: "now" }, "timestamp"],
    ])("answers ERR_INVALID_REQUEST for %s, naming the field", async (_, change, field) => {
      const p = await newPlayer(t, { balance: "1.00" });
      const answer = await callWallet(t, "credit", creditBody(p.id, change));
      expect(answer.status).toBe(200);
      expect(answer.body.status_code).toBe("ERR_INVALID_REQUEST");
      expect(answer.body.message).toContain(field);
      expect(await balanceOf(t, p.token)).toBe("1.00");
    });

    it.each([
      ["malformed JSON", "{\"amount\": "],
      ["a JSON array", "[]"],
      ["an empty body", ""],
      ["a body over 64 KiB", JSON.stringify({ padding: "x".repeat(70_000) })],
    ])("answers ERR_INVALID_REQUEST for %s", async (_, raw) => {
      const answer = await callWallet(t, "credit", raw);
      expect(answer.status).toBe(200);
      expect(answer.body.status_code).toBe("ERR_INVALID_REQUEST");
    });
  });

  it("registers 50 concurrent identical credits once and answers all 50 alike", async () => {
    const p = await newPlayer(t, { balance: "0" });
    const body = creditBody(p.id, { amount: "1.25" });
    const answers = await Promise.all(Array.from({ length: 50 }, () => callWallet(t, "credit", body)));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(answers.every((a) => a.body.status_code === "OK")).toBe(true);
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    const ledger = await ledgerOf(t, p.id);
    expect(ledger.filter((r) => r.transfer_id === body.transfer_id)).toHaveLength(1);
    expect(await balanceOf(t, p.token)).toBe("1.25");
    expect(ledgerSum(ledger).toFixed(2)).toBe("1.25");
  });

  it("registers 40 different credits to one player at once, with bets among them: each once, every row's balance a step of one chain", async () => {
    const p = await newPlayer(t, { balance: "10.00" });
    const bodies = Array.from({ length: 40 }, (_, n) => creditBody(p.id, { amount: `${1 + (n % 5)}.${String(n).padStart(2, "0")}` }));
    const [answers] = await Promise.all([
      Promise.all(bodies.map((body) => callWallet(t, "credit", body))),
      Promise.all([1, 2, 3].map(() => betOn(t, p, "1.00"))),
    ]);
    expect(answers.map((a) => a.body.status_code)).toEqual(bodies.map(() => "OK"));
    const ledger = (await ledgerOf(t, p.id)).reverse();
    for (const body of bodies) expect(ledger.filter((r) => r.kind === "credit" && r.transfer_id === body.transfer_id)).toHaveLength(1);
    // Oldest first, each row's balance is the one before it moved by its amount: no lost update.
    let balance = new Decimal(0);
    for (const row of ledger) {
      balance = row.kind === "debit" ? balance.minus(row.amount) : balance.plus(row.amount);
      expect(row.balance_after).toBe(balance.toFixed(2));
    }
    const expected = bodies.reduce((sum, b) => sum.plus(b.amount), new Decimal("10.00")).minus("3.00");
    expect(await balanceOf(t, p.token)).toBe(expected.toFixed(2));
  });
});

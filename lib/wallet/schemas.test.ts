import { describe, expect, it } from "vitest";
import { CreditRequest, RefundRequest } from "./schemas";

const credit = {
  request_id: "r", timestamp: 1732200000, session_id: "s", player_id: "p", game_code: "g", transfer_id: "t",
  round_id: "round", round_completed: false, amount: "10.50", currency: "USD", reason: "win",
};
const paths = (input: unknown) => {
  const result = CreditRequest.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.path.join("."));
};

describe("CreditRequest", () => {
  it("accepts the specification's sample shape, zero amounts, and ignores unknown fields", () => {
    expect(CreditRequest.safeParse(credit).success).toBe(true);
    expect(CreditRequest.safeParse({ ...credit, amount: "0" }).success).toBe(true);
    expect(CreditRequest.safeParse({ ...credit, brand_new_field: 1 }).success).toBe(true);
  });

  it("accepts jackpot_wins as an amount or an object, and deduction as an amount", () => {
    expect(paths({ ...credit, jackpot_wins: "2.00", deduction: "0.50" })).toEqual([]);
    expect(paths({ ...credit, jackpot_wins: { total: "2.00", pools: ["mini"] } })).toEqual([]);
    expect(paths({ ...credit, gift_spin: { campaign_id: "c1", spins: 10 } })).toEqual([]);
  });

  it.each([
    ["amount", 10.5],
    ["amount", "-1"],
    ["amount", "1e2"],
    ["amount", "1,00"],
    ["amount", " 1"],
    ["amount", "1 "],
    ["amount", "NaN"],
    ["amount", "Infinity"],
    ["amount", ""],
    ["amount", "10.505"],
    ["amount", "1000000000000"],
    ["amount", "0x10"],
    ["amount", "１０"],
    ["deduction", "-0.01"],
    ["jackpot_wins", 5],
    ["jackpot_wins", "1.001"],
    ["jackpot_wins", ["1"]],
    ["gift_spin", "bonus"],
    ["gift_spin", [1]],
    ["round_completed", "true"],
    ["timestamp", "1732200000"],
    ["timestamp", -1],
    ["round_completed", null],
    ["amount", null],
    ["currency", "US D"],
    ["transfer_id", ""],
    ["transfer_id", 42],
    ["player_id", "x".repeat(256)],
    ["reason", "a\u0000b"],
  ])("refuses %s = %j, naming the field", (field, value) => {
    expect(paths({ ...credit, [field]: value })).toContain(field);
  });

  it("reads null as absent in the optional fields, as many serializers send them", () => {
    const parsed = CreditRequest.parse({ ...credit, gift_spin: null, jackpot_wins: null, deduction: null });
    expect([parsed.gift_spin, parsed.jackpot_wins, parsed.deduction]).toEqual([undefined, undefined, undefined]);
  });

  it("takes any finite non-negative timestamp, a fraction of a second included", () => {
    expect(CreditRequest.parse({ ...credit, timestamp: 1732200000.123456 }).timestamp).toBe(1732200000.123456);
    expect(paths({ ...credit, timestamp: 0 })).toEqual([]);
    expect(paths({ ...credit, timestamp: 1e20 })).toEqual([]);
  });

  it("gives a JPY amount no decimals and a KWD amount three", () => {
    expect(paths({ ...credit, currency: "JPY", amount: "100" })).toEqual([]);
    expect(paths({ ...credit, currency: "JPY", amount: "100.5" })).toEqual(["amount"]);
    expect(paths({ ...credit, currency: "KWD", amount: "1.005" })).toEqual([]);
  });

  it.each(Object.keys(credit))("requires %s", (field) => {
    const { [field as keyof typeof credit]: _, ...rest } = credit;
    expect(paths(rest)).toEqual([field]);
  });
});

describe("RefundRequest", () => {
  const refund = { ...credit, reason: "player_exit", reference_id: "ref" };
  it("requires reference_id and takes no round_completed", () => {
    expect(RefundRequest.safeParse(refund).success).toBe(true);
    const { reference_id: _, ...rest } = refund;
    expect(RefundRequest.safeParse(rest).success).toBe(false);
  });
});

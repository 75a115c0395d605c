import { describe, expect, it } from "vitest";
import { refusal, withRequiredFields } from "./status-codes";

describe("withRequiredFields", () => {
  it("gives a credit refusal every field the specification requires, empty where there is no value", () => {
    expect(withRequiredFields("credit", refusal("ERR_INVALID_REQUEST", "bad"))).toEqual({
      status_code: "ERR_INVALID_REQUEST",
      message: "bad",
      balance: "",
      casino_transfer_id: "",
      real_amount: "",
      bonus_amount: "",
    });
  });

  it("keeps the values an answer has, and gives a refund only its own fields", () => {
    expect(withRequiredFields("refund", refusal("ERR_AMOUNT_MISMATCH", "no", "2.00"))).toEqual({ status_code: "ERR_AMOUNT_MISMATCH", message: "no", balance: "2.00", casino_transfer_id: "" });
    const ok = { status_code: "OK" as const, message: "m", balance: "1.00", casino_transfer_id: "x" };
    expect(withRequiredFields("refund", ok)).toBe(ok);
    expect(withRequiredFields("bets", refusal("ERR_INVALID_REQUEST", "bad"))).toEqual({ status_code: "ERR_INVALID_REQUEST", message: "bad" });
  });
});

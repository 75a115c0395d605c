import { describe, expect, it } from "vitest";
import { Decimal } from "@/lib/money/decimal";
import { creditRefusal, refundRefusal, type RoundFacts } from "./limits";

const round = (facts: Partial<RoundFacts> = {}): RoundFacts => ({ roundId: "r1", started: true, isBettor: true, stake: "10.00", rake: "0.50", paid: "0", jackpots: "0", ...facts });
const credit = (amount: string, o: { maxCredit?: string; round?: RoundFacts; jackpot?: string } = {}) =>
  creditRefusal({ amount: new Decimal(amount), currency: "USD", jackpot: o.jackpot === undefined ? undefined : new Decimal(o.jackpot), maxCredit: o.maxCredit, round: o.round });

describe("creditRefusal", () => {
  it("caps every credit at the most one may pay, when set", () => {
    expect(credit("5000.00", { maxCredit: "5000" })).toBeUndefined();
    expect(credit("5000.01", { maxCredit: "5000" })).toEqual({
      limit: "max_credit",
      status_code: "ERR_AMOUNT_MISMATCH",
      message: "The credit of 5000.01 USD is more than the most one credit may pay, 5000.00 USD.",
    });
    expect(credit("99999999.00")).toBeUndefined();
  });

  it("pays nothing for a round whose room still waits", () => {
    expect(credit("1.00", { round: round({ started: false }) })).toEqual({
      limit: "not_started",
      status_code: "ERR_AMOUNT_MISMATCH",
      message: "Round r1 has not started: its room is still waiting for players, so it pays nothing yet.",
    });
  });

  it("pays a lobby round's players only, up to its pot less the rake plus declared jackpot wins", () => {
    expect(credit("1.00", { round: round({ isBettor: false }) })).toMatchObject({ limit: "not_in_round", status_code: "ERR_INVALID_PLAYER_ID" });
    expect(credit("9.50", { round: round() })).toBeUndefined();
    expect(credit("9.51", { round: round() })).toMatchObject({ limit: "over_pot", status_code: "ERR_AMOUNT_MISMATCH" });
    expect(credit("4.51", { round: round({ paid: "5.00" }) })?.message).toBe(
      "Round r1 can pay at most 9.50 USD (its pot of 10.00 USD less the rake of 0.50 USD, plus declared jackpot wins); it has paid 5.00 USD, so 4.51 USD more is too much.",
    );
    expect(credit("59.50", { round: round({ jackpots: "20" }), jackpot: "30" })).toBeUndefined();
    expect(credit("59.51", { round: round({ jackpots: "20" }), jackpot: "30" })?.limit).toBe("over_pot");
  });

  it("checks the cap before the round", () => {
    expect(credit("11.00", { maxCredit: "10", round: round({ isBettor: false }) })?.limit).toBe("max_credit");
  });
});

describe("refundRefusal", () => {
  const after = (facts: Partial<RoundFacts> = {}) => ({ roundId: "r1", stake: "5.00", rake: "0.25", paid: "0", jackpots: "0", ...facts });

  it("refuses a refund once its round has settled", () => {
    expect(refundRefusal({ roundId: "r1", settled: false, currency: "USD" })).toBeUndefined();
    expect(refundRefusal({ roundId: "r1", settled: true, currency: "USD" })).toEqual({
      limit: "round_settled",
      status_code: "ERR_TRANSFER_DOES_NOT_EXIST",
      message: "Round r1 has completed and its pot settled: its bets can no longer be refunded, not even to be paid again.",
    });
  });

  it("refuses a refund that would leave the round's paid wins beyond what its pot still covers", () => {
    expect(refundRefusal({ roundId: "r1", settled: false, after: after({ paid: "4.75" }), currency: "USD" })).toBeUndefined();
    expect(refundRefusal({ roundId: "r1", settled: false, after: after({ paid: "4.76" }), currency: "USD" })).toEqual({
      limit: "wins_paid",
      status_code: "ERR_AMOUNT_MISMATCH",
      message: "Round r1 has paid wins of 4.76 USD; without this bet its pot, less the rake, plus declared jackpot wins, would hold only 4.75 USD.",
    });
    expect(refundRefusal({ roundId: "r1", settled: false, after: after({ paid: "6.00", jackpots: "2" }), currency: "USD" })).toBeUndefined();
  });
});

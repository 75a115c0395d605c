import { describe, expect, it } from "vitest";
import { i18nFor } from "@/lib/i18n/i18n";
import type { PlayerLimits } from "@/lib/players/limits-contract";
import { amountTexts, exclusionEnd, formProblems, setWith } from "./limits-form";

const NOW = new Date("2026-11-28T12:00:00.000Z");
const DAY = 24 * 3_600_000;
const en = i18nFor("en");
const current = (limits: Partial<PlayerLimits["limits"]> = {}, currency = "USD"): PlayerLimits => ({
  currency,
  limits: { daily_bet_limit: null, loss_limit_24h: null, loss_limit_7d: null, loss_limit_30d: null, self_excluded_until: null, ...limits },
  usage: { bets_24h: "0.00", net_loss_24h: "0.00", net_loss_7d: "0.00", net_loss_30d: "0.00" },
  updated_at: null,
});

describe("the Limits form", () => {
  it("sends the whole set: the amounts as typed, blank for none, a decimal comma read as a point, self-exclusion as it stands", () => {
    const until = new Date(NOW.getTime() + DAY).toISOString();
    const was = current({ daily_bet_limit: "50.00", self_excluded_until: until }).limits;
    expect(amountTexts(was)).toEqual({ daily_bet_limit: "50.00", loss_limit_24h: "", loss_limit_7d: "", loss_limit_30d: "" });
    expect(setWith(was, { daily_bet_limit: "40,5", loss_limit_24h: " ", loss_limit_7d: "", loss_limit_30d: "10" })).toEqual({
      daily_bet_limit: "40.5",
      loss_limit_24h: null,
      loss_limit_7d: null,
      loss_limit_30d: "10",
      self_excluded_until: until,
    });
  });

  it("lets a tighter set go, and says beside each field what it cannot send", () => {
    const was = current({ daily_bet_limit: "50.00", loss_limit_7d: "20.00" });
    expect(formProblems({ ...was.limits, daily_bet_limit: "49.99", loss_limit_24h: "10" }, was, en, NOW)).toEqual({});
    expect(formProblems({ ...was.limits, daily_bet_limit: "60", loss_limit_7d: null, loss_limit_24h: "0" }, was, en, NOW)).toEqual({
      loss_limit_24h: "must be at least 0.01, with at most 2 decimal places",
      daily_bet_limit: "only support can raise or remove this limit",
      loss_limit_7d: "only support can raise or remove this limit",
    });
    expect(formProblems({ ...was.limits, loss_limit_30d: "abc" }, was, en, NOW)).toEqual({ loss_limit_30d: "must be at least 0.01, with at most 2 decimal places" });
    expect(formProblems({ ...current({}, "JPY").limits, loss_limit_30d: "1.5" }, current({}, "JPY"), en, NOW)).toEqual({ loss_limit_30d: "must be a whole number of at least 1" });
  });

  it("offers self-exclusion that ends no earlier than the one in force", () => {
    expect(exclusionEnd("week", current(), NOW)).toEqual(new Date(NOW.getTime() + 7 * DAY));
    const inForce = current({ self_excluded_until: new Date(NOW.getTime() + 10 * DAY).toISOString() });
    expect(exclusionEnd("week", inForce, NOW)).toBeUndefined();
    expect(exclusionEnd("month", inForce, NOW)).toEqual(new Date(NOW.getTime() + 30 * DAY));
  });
});

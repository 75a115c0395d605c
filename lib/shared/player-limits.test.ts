import { describe, expect, it } from "vitest";
import { Decimal } from "@/lib/money/decimal";
import { LimitsInput, limitProblems, limitValuesOf, loosenedFields, NO_LIMITS, type LimitValues } from "./player-limits";

const NOW = new Date("2026-11-28T12:00:00.000Z");
const d = (n: string) => new Decimal(n);
const set = (values: Partial<LimitValues>): LimitValues => ({ ...NO_LIMITS, ...values });
const full = { daily_bet_limit: null, loss_limit_24h: null, loss_limit_7d: null, loss_limit_30d: null, self_excluded_until: null };

describe("LimitsInput", () => {
  it("takes the whole set: decimal strings or numbers, null, and an instant with its offset", () => {
    const parsed = LimitsInput.parse({ ...full, daily_bet_limit: "50.00", loss_limit_7d: 25.5, self_excluded_until: "2026-12-31T01:00:00+01:00" });
    expect(limitValuesOf(parsed)).toEqual(set({ daily_bet_limit: d("50"), loss_limit_7d: d("25.5"), self_excluded_until: new Date("2026-12-31T00:00:00Z") }));
  });

  it.each([
    ["a field left out", { daily_bet_limit: null }, "loss_limit_24h", "is required"],
    ["a negative amount", { ...full, loss_limit_24h: "-1" }, "loss_limit_24h", "must be a non-negative decimal number such as 10.50"],
    ["a time without offset", { ...full, self_excluded_until: "2026-12-31T00:00:00" }, "self_excluded_until", "must be a date and time such as 2026-12-31T00:00:00Z, or null"],
    ["an unknown field", { ...full, weekly: "1" }, "", "weekly"],
  ])("refuses %s", (_, body, path, message) => {
    const result = LimitsInput.safeParse(body);
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path.join(".") === path) ?? result.error!.issues[0]!;
    expect(JSON.stringify(issue)).toContain(message);
  });
});

describe("limitProblems", () => {
  const check = (next: Partial<LimitValues>, current: Partial<LimitValues> = {}, currency = "USD") => limitProblems(set(next), { current: set(current), currency, now: NOW });

  it("wants amounts of at least the currency's smallest unit, with its decimals", () => {
    expect(check({ daily_bet_limit: d("0.01"), loss_limit_30d: d("999999999999.99") })).toEqual([]);
    expect(check({ daily_bet_limit: d("0"), loss_limit_24h: d("1.005") })).toEqual([
      { path: "daily_bet_limit", message: "must be at least 0.01" },
      { path: "loss_limit_24h", message: "must have at most 2 decimal places in USD" },
    ]);
    expect(check({ loss_limit_7d: d("0"), loss_limit_30d: d("1.5") }, {}, "JPY")).toEqual([
      { path: "loss_limit_7d", message: "must be at least 1" },
      { path: "loss_limit_30d", message: "must be a whole number in JPY" },
    ]);
  });

  it("wants self-exclusion to end in the future, unless it is kept as it is", () => {
    expect(check({ self_excluded_until: new Date(NOW.getTime() + 1) })).toEqual([]);
    expect(check({ self_excluded_until: NOW })).toEqual([{ path: "self_excluded_until", message: "must be in the future, or null" }]);
    expect(check({ self_excluded_until: new Date(NOW.getTime() - 1000) }, { self_excluded_until: new Date(NOW.getTime() - 1000) })).toEqual([]);
  });
});

describe("loosenedFields", () => {
  const until = new Date("2026-12-31T00:00:00Z");

  it("lets a player lower an amount, set one that was unset, and start or extend self-exclusion", () => {
    expect(loosenedFields(set({ daily_bet_limit: d("50") }), set({ daily_bet_limit: d("49.99"), loss_limit_24h: d("10") }), NOW)).toEqual([]);
    expect(loosenedFields(set({ daily_bet_limit: d("50") }), set({ daily_bet_limit: d("50.00") }), NOW)).toEqual([]);
    expect(loosenedFields(set({}), set({ self_excluded_until: until }), NOW)).toEqual([]);
    expect(loosenedFields(set({ self_excluded_until: until }), set({ self_excluded_until: new Date(until.getTime() + 1) }), NOW)).toEqual([]);
  });

  it("names each amount raised or removed, and self-exclusion in force shortened or ended", () => {
    const current = set({ daily_bet_limit: d("50"), loss_limit_7d: d("10"), loss_limit_30d: d("5"), self_excluded_until: until });
    const next = set({ daily_bet_limit: d("50.01"), loss_limit_7d: null, loss_limit_30d: d("5"), self_excluded_until: new Date(until.getTime() - 1) });
    expect(loosenedFields(current, next, NOW)).toEqual(["daily_bet_limit", "loss_limit_7d", "self_excluded_until"]);
    expect(loosenedFields(current, { ...current, self_excluded_until: null }, NOW)).toEqual(["self_excluded_until"]);
  });

  it("lets a self-exclusion that has ended go", () => {
    expect(loosenedFields(set({ self_excluded_until: new Date(NOW.getTime() - 1) }), set({}), NOW)).toEqual([]);
  });
});

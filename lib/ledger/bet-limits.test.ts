import { describe, expect, it } from "vitest";
import { Decimal } from "@/lib/money/decimal";
import { amountRefusal, freesUpAt, limitsPassed, selfExclusionRefusal, usageOf, utcTime, type AmountLimits, type Counted } from "./bet-limits";

const NOW = new Date("2026-11-28T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const d = (n: string | number) => new Decimal(n);
const bet = (at: Date, amount: string): Counted => ({ at, kind: "bet", amount: d(amount) });
const win = (at: Date, amount: string): Counted => ({ at, kind: "win", amount: d(amount) });
const none: AmountLimits = { daily_bet_limit: null, loss_limit_24h: null, loss_limit_7d: null, loss_limit_30d: null };

describe("usageOf", () => {
  it("sums bets over 24 hours, and bets less wins over each loss window, each window ending now", () => {
    const rows = [bet(ago(HOUR), "10"), win(ago(2 * HOUR), "4"), bet(ago(2 * DAY), "20"), win(ago(8 * DAY), "30"), bet(ago(31 * DAY), "99")];
    expect(usageOf(rows, NOW)).toEqual({ daily_bet_limit: d(10), loss_limit_24h: d(6), loss_limit_7d: d(26), loss_limit_30d: d(-4) });
  });

  it("counts a row placed exactly one window ago, and not one a millisecond older", () => {
    expect(usageOf([bet(ago(DAY), "5"), bet(ago(DAY + 1), "7")], NOW).daily_bet_limit).toEqual(d(5));
    expect(usageOf([bet(ago(30 * DAY), "5"), bet(ago(30 * DAY + 1), "7")], NOW).loss_limit_30d).toEqual(d(5));
  });
});

describe("limitsPassed", () => {
  const usage = { daily_bet_limit: d("48.00"), loss_limit_24h: d("20.00"), loss_limit_7d: d("20.00"), loss_limit_30d: d("-5.00") };

  it("lets a bet that reaches a limit exactly, and refuses one a cent over", () => {
    expect(limitsPassed({ ...none, daily_bet_limit: d("50.00") }, usage, d("2.00"))).toEqual([]);
    expect(limitsPassed({ ...none, daily_bet_limit: d("50.00") }, usage, d("2.01"))).toEqual(["daily_bet_limit"]);
    expect(limitsPassed({ ...none, loss_limit_7d: d("25.00") }, usage, d("5.00"))).toEqual([]);
    expect(limitsPassed({ ...none, loss_limit_7d: d("25.00") }, usage, d("5.01"))).toEqual(["loss_limit_7d"]);
  });

  it("lets wins make room under a loss limit, and ignores unset limits", () => {
    expect(limitsPassed({ ...none, loss_limit_30d: d("1.00") }, usage, d("6.00"))).toEqual([]);
    expect(limitsPassed(none, usage, d("1000000"))).toEqual([]);
  });

  it("names every limit passed, in order", () => {
    const all = { daily_bet_limit: d(1), loss_limit_24h: d(1), loss_limit_7d: d(1), loss_limit_30d: d(1) };
    expect(limitsPassed(all, usage, d(10))).toEqual(["daily_bet_limit", "loss_limit_24h", "loss_limit_7d", "loss_limit_30d"]);
  });
});

describe("freesUpAt", () => {
  it("frees the daily bet limit when enough of the oldest bets have left the window", () => {
    const rows = [bet(ago(20 * HOUR), "30"), bet(ago(10 * HOUR), "18")];
    // 48 used of 50: a bet of 5 fits once the 30 leaves, 4 hours from now (and a millisecond).
    expect(freesUpAt({ limit: "daily_bet_limit", amount: d(50), bet: d(5), rows, now: NOW })).toEqual(new Date(NOW.getTime() + 4 * HOUR + 1));
    // A bet of 40 needs both gone.
    expect(freesUpAt({ limit: "daily_bet_limit", amount: d(50), bet: d(40), rows, now: NOW })).toEqual(new Date(NOW.getTime() + 14 * HOUR + 1));
  });

  it("never frees for a bet larger than the whole limit", () => {
    expect(freesUpAt({ limit: "daily_bet_limit", amount: d(50), bet: d("50.01"), rows: [], now: NOW })).toBeUndefined();
  });

  it("ignores wins for the daily bet limit, and counts them for losses: a win leaving can hold the bet longer", () => {
    const rows = [bet(ago(23 * HOUR), "10"), win(ago(22 * HOUR), "10"), bet(ago(HOUR), "8")];
    expect(freesUpAt({ limit: "daily_bet_limit", amount: d(18), bet: d(1), rows, now: NOW })).toEqual(new Date(NOW.getTime() + HOUR + 1));
    // Net loss 8 of 10: a bet of 3 passes. The bet of 10 leaving frees it (loss -2) an hour from now.
    expect(freesUpAt({ limit: "loss_limit_24h", amount: d(10), bet: d(3), rows, now: NOW })).toEqual(new Date(NOW.getTime() + HOUR + 1));
    // The win first: its leaving makes 18 of 10, the bet of 10 leaving 8, and only the last bet leaving lets 3 fit.
    const winFirst = [win(ago(23 * HOUR), "10"), bet(ago(22 * HOUR), "10"), bet(ago(HOUR), "8")];
    expect(freesUpAt({ limit: "loss_limit_24h", amount: d(10), bet: d(3), rows: winFirst, now: NOW })).toEqual(new Date(NOW.getTime() + 23 * HOUR + 1));
  });

  it("lets rows of one moment leave together, and counts only the limit's own window", () => {
    const at = ago(6 * DAY);
    const rows = [bet(ago(9 * DAY), "100"), bet(at, "20"), win(at, "15"), bet(ago(DAY), "22")];
    // 7 days: 27 of 25. The bet of 6 days ago leaving alone would let 5 fit; with its win it leaves 22,
    // and the bet of yesterday must leave too.
    expect(freesUpAt({ limit: "loss_limit_7d", amount: d(25), bet: d(5), rows, now: NOW })).toEqual(new Date(NOW.getTime() + 6 * DAY + 1));
  });
});

describe("utcTime", () => {
  it("rounds up to the minute, in UTC, with the date when it is not today's", () => {
    expect(utcTime(new Date("2026-11-28T14:31:00.001Z"), NOW)).toBe("14:32 UTC");
    expect(utcTime(new Date("2026-11-28T14:32:00.000Z"), NOW)).toBe("14:32 UTC");
    expect(utcTime(new Date("2026-11-29T09:00:00.000Z"), NOW)).toBe("2026-11-29 09:00 UTC");
    expect(utcTime(new Date("2026-11-28T14:32:00.000Z"), NOW, { withDate: true })).toBe("2026-11-28 14:32 UTC");
  });
});

describe("selfExclusionRefusal", () => {
  it("refuses every bet until its time, and none from then on", () => {
    const until = new Date("2026-12-31T00:00:00.000Z");
    expect(selfExclusionRefusal({ until, bet: d("0.01"), currency: "USD", now: NOW })).toEqual({
      message: "You have excluded yourself from play until 2026-12-31 00:00 UTC.",
      detail: { name: "self_exclusion", amount: null, used: null, bet: "0.01", currency: "USD", frees_at: "2026-12-31T00:00:00.000Z" },
    });
    expect(selfExclusionRefusal({ until: NOW, bet: d(1), currency: "USD", now: NOW })).toBeUndefined();
    expect(selfExclusionRefusal({ until: null, bet: d(1), currency: "USD", now: NOW })).toBeUndefined();
  });
});

describe("amountRefusal", () => {
  // The older bet leaves the 24 hours at 14:31:30 and a millisecond.
  const rows = [bet(ago(21 * HOUR + 28 * MINUTE + 30_000), "30"), bet(ago(HOUR), "18")];
  const usage = usageOf(rows, NOW);

  it("says which limit, what is used, and by when it frees up", () => {
    expect(amountRefusal({ limits: { ...none, daily_bet_limit: d(50) }, usage, rows, bet: d(5), currency: "USD", now: NOW })).toEqual({
      message: "Your daily bet limit is 50.00 USD and you have bet 48.00 USD in the last 24 hours; this bet of 5.00 USD would pass it. It frees up by 14:32 UTC.",
      detail: { name: "daily_bet_limit", amount: "50.00", used: "48.00", bet: "5.00", currency: "USD", frees_at: "2026-11-28T14:31:30.001Z" },
    });
    expect(amountRefusal({ limits: { ...none, daily_bet_limit: d(53) }, usage, rows, bet: d(5), currency: "USD", now: NOW })).toBeUndefined();
  });

  it("names the limit that holds the bet longest, a bet larger than a whole limit first", () => {
    const limits = { ...none, daily_bet_limit: d(50), loss_limit_7d: d(49) };
    const older = [bet(ago(3 * DAY), "1"), ...rows];
    const refusal = amountRefusal({ limits, usage: usageOf(older, NOW), rows: older, bet: d(5), currency: "USD", now: NOW });
    // The daily limit frees at 14:32 today; the 7 days only once the bet of 30 leaves them, six days later.
    expect(refusal?.detail).toMatchObject({ name: "loss_limit_7d", used: "49.00", frees_at: "2026-12-04T14:31:30.001Z" });
    expect(refusal?.message).toBe(
      "Your loss limit for 7 days is 49.00 USD and your net loss over the last 7 days is 49.00 USD; this bet of 5.00 USD would pass it. It frees up by 2026-12-04 14:32 UTC.",
    );
    const whole = amountRefusal({ limits: { ...limits, loss_limit_30d: d(4) }, usage: usageOf(older, NOW), rows: older, bet: d(5), currency: "USD", now: NOW });
    expect(whole?.detail).toMatchObject({ name: "loss_limit_30d", amount: "4.00", frees_at: null });
    expect(whole?.message).toBe(
      "Your loss limit for 30 days is 4.00 USD and your net loss over the last 30 days is 49.00 USD; this bet of 5.00 USD is more than the whole limit, so it cannot be placed while the limit stands.",
    );
  });
});

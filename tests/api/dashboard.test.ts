import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Decimal } from "@/lib/money/decimal";
import type { Target } from "./global-setup";
import { expectError, get, newPlayer, post, targets } from "./helpers";
import { callWallet, creditBody, ledgerOf, refundBody } from "./wallet-helpers";

// The dashboard's series. Money is checked to the cent in a currency of the test's own; rooms and
// players are shared with tests running beside it, so they are checked for what this test adds and
// for the series agreeing with itself and with the rooms' counts.

interface Dashboard {
  by: "hour" | "day";
  periods: string[];
  rooms: { period: string; waiting: number | null; playing: number | null; finished: number | null; created: number; finished_in_period: number }[];
  money: { currency: string; points: { period: string; bets: string; wins: string; refunds: string; rake: string }[] }[];
  players: { period: string; players: number }[];
}

async function dashboard(t: Target, by: "hour" | "day"): Promise<Dashboard> {
  const answer = await get(t, `/v1/admin/dashboard?by=${by}`, { admin: t.adminToken });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const total = (d: Dashboard, currency: string, field: "bets" | "wins" | "refunds" | "rake") =>
  (d.money.find((m) => m.currency === currency)?.points ?? []).reduce((s, p) => s.plus(p[field]), new Decimal(0)).toFixed(2);

describe.each(targets)("$name: the admin dashboard", (t) => {
  it("sums bets, wins, refunds and rake per currency, by hour and by day, to the cent", async () => {
    const currency = `D${randomBytes(4).toString("hex").toUpperCase()}`;
    const [a, b] = [await newPlayer(t, { currency, balance: "100" }), await newPlayer(t, { currency, balance: "100" })];
    // Two bets of 2 at 5% rake (0.20), a win of 3.25, and b's bet refunded with its rake (0.10 back).
    const room = (await post(t, "/v1/rooms", { name: "charted", bet_amount: 2, currency, player_limit: 4, turn: 10, rake_percentage: 5 }, { token: a.token })).body.data.id;
    expect((await post(t, `/v1/rooms/${room}/join`, undefined, { token: b.token })).status).toBe(200);
    expect((await callWallet(t, "credit", creditBody(a.id, { amount: "3.25", currency, round_id: room }))).body.status_code).toBe("OK");
    const bet = (await ledgerOf(t, b.id)).find((r) => r.kind === "debit")!;
    const refund = refundBody(b.id, { amount: "2", currency, transfer_id: bet.transfer_id, round_id: room });
    expect((await callWallet(t, "refund", refund)).body.status_code).toBe("OK");

    for (const by of ["hour", "day"] as const) {
      const d = await dashboard(t, by);
      expect(d.periods).toHaveLength(by === "hour" ? 24 : 30);
      expect([total(d, currency, "bets"), total(d, currency, "wins"), total(d, currency, "refunds"), total(d, currency, "rake")]).toEqual(["4.00", "3.25", "2.00", "0.10"]);
      // Both players bet within the last period or two (a test may cross an hour's end).
      expect(d.players.slice(-2).reduce((n, p) => n + p.players, 0)).toBeGreaterThanOrEqual(2);
    }
  });

  it("counts rooms by status back in time, consistent with the rooms' counts and with itself", async () => {
    const a = await newPlayer(t);
    const room = (await post(t, "/v1/rooms", { name: "counted back", bet_amount: 1, currency: "USD", player_limit: 2, turn: 10 }, { token: a.token })).body.data.id;
    expect((await post(t, `/v1/admin/rooms/${room}/close`, { reason: "dashboard test" }, { admin: t.adminToken })).status).toBe(200);
    const [d, counts] = [await dashboard(t, "hour"), (await get(t, "/v1/admin/rooms", { admin: t.adminToken })).body.data.counts];
    const recent = d.rooms.slice(-2);
    expect(recent.reduce((n, p) => n + p.created, 0)).toBeGreaterThanOrEqual(1);
    expect(recent.reduce((n, p) => n + p.finished_in_period, 0)).toBeGreaterThanOrEqual(1);
    // Rooms made or closed by other tests between the two reads may move the counts a little, never below.
    const now = d.rooms.at(-1)!;
    expect(now.finished).toBeGreaterThan(0);
    expect(counts.finished).toBeGreaterThanOrEqual(now.finished!);
    // A finished room stays finished: between two known points, the count grows by the rooms finished.
    for (let i = 1; i < d.rooms.length; i++) {
      const [before, after] = [d.rooms[i - 1]!, d.rooms[i]!];
      if (before.finished === null) continue;
      expect(after.finished! - before.finished).toBe(after.finished_in_period);
    }
  });

  it("refuses an unknown period with 400 naming the field, and callers without the admin token with 401", async () => {
    const refused = await get(t, "/v1/admin/dashboard?by=week", { admin: t.adminToken });
    expectError(refused, 400, "validation_failed");
    expect(refused.body.errors[0].path).toBe("by");
    expectError(await get(t, "/v1/admin/dashboard"), 401, "admin_unauthorized");
  });
});

import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, rowsOf, type DatabaseHandle } from "@/db/client";
import { Decimal } from "@/lib/money/decimal";
import { usageOf } from "./bet-limits";
import { readCounted, readUsage } from "./play-usage";

// The sums the limits are checked against, read from ledger rows written with the times they would
// have had: bets not refunded and wins, each window rolling back from `now`.

const NOW = new Date("2026-11-28T12:00:00.000Z");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe("what counts against a player's limits", { timeout: 60_000 }, () => {
  let handle: DatabaseHandle;

  /** A ledger row of the player's as it would have been written at `at` (with `seq` when given). */
  async function row(playerId: string, kind: "debit" | "credit" | "refund" | "deposit", amount: string, at: Date, o: { refunds?: string; seq?: number } = {}) {
    const id = randomUUID();
    const [from, to] = kind === "debit" ? [`player:${playerId}`, "pot:r"] : [kind === "deposit" ? "operator" : "platform", `player:${playerId}`];
    await handle.db.execute(sql`
      insert into ledger_entries (id, ${sql.raw(o.seq === undefined ? "" : "seq, ")}kind, player_id, amount, real_amount, bonus_amount, currency, from_account, to_account,
        cause, transfer_id, reason, refunds_entry_id, real_balance_after, bonus_balance_after, created_at)
      values (${id}, ${sql.raw(o.seq === undefined ? "" : `${o.seq}, `)}${kind}, ${playerId}, ${amount}, ${amount}, 0, 'USD', ${from}, ${to},
        'test', ${randomUUID()}, 'test', ${o.refunds ?? null}, 0, 0, ${at.toISOString()})`);
    return id;
  }

  async function player() {
    const id = randomUUID();
    await handle.db.execute(sql`insert into players (id, username, currency, avatar_name, avatar_url) values (${id}, ${id}, 'USD', 'x', '/x')`);
    return id;
  }

  beforeAll(async () => {
    handle = await openDatabase({ kind: "embedded", dir: "memory://" });
  }, 60_000);
  afterAll(() => handle?.close());

  it("sums bets less their refunds over 24 hours, and bets less refunds and wins over each loss window", async () => {
    const p = await player();
    const other = await player();
    await row(p, "deposit", "1000", ago(40 * DAY));
    await row(p, "debit", "99", ago(31 * DAY));
    await row(p, "credit", "30", ago(8 * DAY));
    await row(p, "debit", "20", ago(2 * DAY));
    await row(p, "debit", "7", ago(25 * HOUR));
    await row(p, "credit", "4", ago(3 * HOUR));
    const refunded = await row(p, "debit", "5", ago(2 * HOUR));
    await row(p, "refund", "5", ago(90 * MINUTE), { refunds: refunded });
    await row(p, "debit", "10", ago(HOUR));
    await row(other, "debit", "500", ago(HOUR));

    const usage = await readUsage(handle.db, { playerId: p, now: NOW });
    expect(usage).toEqual({ daily_bet_limit: new Decimal(10), loss_limit_24h: new Decimal(6), loss_limit_7d: new Decimal(33), loss_limit_30d: new Decimal(3) });
    // The rows, summed by the rule, give the database's sums.
    const rows = await readCounted(handle.db, { playerId: p, now: NOW, windowMs: 30 * DAY });
    expect(rows.map((r) => [r.kind, r.amount.toFixed(2)])).toEqual([["win", "30.00"], ["bet", "20.00"], ["bet", "7.00"], ["win", "4.00"], ["bet", "10.00"]]);
    expect(usageOf(rows, NOW)).toEqual(usage);
    // Over a shorter window, the rows of that window only.
    expect((await readCounted(handle.db, { playerId: p, now: NOW, windowMs: DAY })).map((r) => r.amount.toFixed(2))).toEqual(["4.00", "10.00"]);
    expect((await readUsage(handle.db, { playerId: p, now: NOW, windowMs: DAY })).daily_bet_limit).toEqual(new Decimal(10));
  });

  it("counts a bet of the window written before an older row, as a long transaction may leave them", async () => {
    const p = await player();
    // Seq out of the order of time: the bet of the window first, then a row started just before the window.
    const [{ seq }] = rowsOf<{ seq: number }>(await handle.db.execute(sql`select nextval(pg_get_serial_sequence('ledger_entries', 'seq'))::int as seq`)) as [{ seq: number }];
    await row(p, "debit", "3", ago(DAY - MINUTE), { seq: seq + 1 });
    await row(p, "debit", "8", ago(DAY + 10 * MINUTE), { seq: seq + 2 });
    await handle.db.execute(sql`select setval(pg_get_serial_sequence('ledger_entries', 'seq'), ${seq + 2})`);
    expect((await readUsage(handle.db, { playerId: p, now: NOW, windowMs: DAY })).daily_bet_limit).toEqual(new Decimal(3));
  });

  it("reads nothing for a player with no rows", async () => {
    const zero = new Decimal(0);
    expect(await readUsage(handle.db, { playerId: await player(), now: NOW })).toEqual({ daily_bet_limit: zero, loss_limit_24h: zero, loss_limit_7d: zero, loss_limit_30d: zero });
  });
});

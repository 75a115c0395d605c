import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { Decimal } from "@/lib/money/decimal";
import { LEDGER_EXPORT_COLUMNS } from "@/lib/reports/ledger-export";
import { CLOSE_AFTER_MS, REPORT_COLUMNS, type ReportLine } from "@/lib/reports/days";
import type { Target } from "./global-setup";
import { expectError, get, newPlayer, post, targets, describePostgres } from "./helpers";
import { callWallet, creditBody, refundBody, betOn, ledgerOf } from "./wallet-helpers";
import { clearOfUtcTimes } from "../support/utc-day";

// The daily report and the ledger export, reconciled against each other and against the players'
// balances. Each test keeps to a currency of its own, so other tests' money never enters its sums.
// A test that names today runs wholly within one UTC day (clearOfUtcTimes): its money is all today's.

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
/** What one of these tests may take at most; its timeout adds the wait for a day to begin. */
const LASTS_MS = 30_000;
const TIMEOUT_MS = 2 * LASTS_MS + 5_000;
const ownCurrency = () => `R${randomBytes(4).toString("hex").toUpperCase()}`;

type Line = ReportLine;

async function report(t: Target, query: string): Promise<Line[]> {
  return (await reportWithTotals(t, query)).days;
}

async function reportWithTotals(t: Target, query: string): Promise<{ days: Line[]; totals: Omit<Line, "date">[] }> {
  const answer = await get(t, `/v1/admin/reports/daily?${query}`, { admin: t.adminToken });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

async function csv(t: Target, path: string): Promise<{ response: Response; rows: Record<string, string>[]; header: string[] }> {
  const response = await fetch(t.baseUrl + path, { headers: { authorization: `Bearer ${t.adminToken}` } });
  const text = await response.text();
  expect(text.endsWith("\r\n")).toBe(true);
  const [header, ...lines] = text.trimEnd().split("\r\n").map((l) => l.split(","));
  return { response, header: header!, rows: lines.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i]!]))) };
}

const sumOf = (values: string[]) => values.reduce((s, v) => s.plus(v), new Decimal(0));

describe.each(targets)("$name: the daily report and the ledger export", (t) => {
  it("adds up today's deposits, bets, wins and refunds and their rake, to the players' balances, both ways", async () => {
    await clearOfUtcTimes(LASTS_MS);
    const currency = ownCurrency();
    const [a, b] = [await newPlayer(t, { currency, balance: "100" }), await newPlayer(t, { currency, balance: "50.5" })];
    // A room with 5% rake that both join: two bets of 2. The platform pays a win of 3.80 to a that
    // completes the round: the pot settles, 0.20 to the house (the rake) and 3.80 to the platform.
    const room = await post(t, "/v1/rooms", { name: "raked", bet_amount: 2, currency, player_limit: 2, turn: 10, rake_percentage: 5 }, { token: a.token });
    expect(room.status).toBe(200);
    expect((await post(t, `/v1/rooms/${room.body.data.id}/join`, undefined, { token: b.token })).status).toBe(200);
    expect((await callWallet(t, "credit", creditBody(a.id, { amount: "3.80", currency, round_id: room.body.data.id, round_completed: true }))).body.status_code).toBe("OK");
    // A bet in a room without rake, which the platform refunds.
    const bet = await betOn(t, a, 1);
    expect((await callWallet(t, "refund", refundBody(a.id, { transfer_id: bet.transferId, amount: "1", currency, round_id: bet.roomId }))).body.status_code).toBe("OK");

    const { days, totals } = await reportWithTotals(t, `from=${daysAgo(1)}&to=${today()}&currency=${currency}`);
    const [yesterday, todays] = days;
    expect(yesterday).toEqual({ date: daysAgo(1), currency, opening_balance: "0.00000000", deposits: "0.00000000", bets: "0.00000000", wins: "0.00000000", refunds: "0.00000000", adjustments: "0.00000000", ggr: "0.00000000", rake: "0.00000000", closing_balance: "0.00000000", deposit_count: 0, bet_count: 0, win_count: 0, refund_count: 0, adjustment_count: 0 });
    expect(todays).toEqual({
      date: today(),
      currency,
      opening_balance: "0.00000000",
      deposits: "150.50000000",
      bets: "5.00000000",
      wins: "3.80000000",
      refunds: "1.00000000",
      adjustments: "0.00000000",
      // 5 − 1 − 3.80
      ggr: "0.20000000",
      rake: "0.20000000",
      closing_balance: "150.30000000",
      deposit_count: 2,
      bet_count: 3,
      win_count: 1,
      refund_count: 1,
      adjustment_count: 0,
    });
    // Over the two days: yesterday's opening, today's closing, and today's movements (yesterday had none).
    expect(totals).toEqual([{ ...todays, date: undefined }]);
    // The closing balance is what the players hold.
    const balances = await Promise.all([a, b].map(async (p) => (await get(t, `/v1/admin/players/${p.id}`, { admin: t.adminToken })).body.data.balance as string));
    expect(sumOf(balances).equals(todays!.closing_balance)).toBe(true);

    // The ledger export, summed per kind, gives the report's figures; and each of its rows is a row of the players' ledgers.
    const exported = await csv(t, `/v1/admin/reports/ledger?from=${today()}&to=${today()}&currency=${currency}`);
    expect(exported.response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(exported.response.headers.get("content-disposition")).toBe(`attachment; filename="ledger-${today()}-to-${today()}-${currency}.csv"`);
    expect(exported.header).toEqual([...LEDGER_EXPORT_COLUMNS]);
    const ofKind = (kind: string) => exported.rows.filter((r) => r.kind === kind);
    expect(sumOf(ofKind("deposit").map((r) => r.amount!)).equals(todays!.deposits)).toBe(true);
    expect(sumOf(ofKind("debit").map((r) => r.amount!)).equals(todays!.bets)).toBe(true);
    expect(sumOf(ofKind("credit").map((r) => r.amount!)).equals(todays!.wins)).toBe(true);
    expect(sumOf(ofKind("refund").map((r) => r.amount!)).equals(todays!.refunds)).toBe(true);
    // The settlement: the pot paid the house and the platform, moving no player's money.
    const pot = `pot:${room.body.data.id}`;
    expect(ofKind("settlement").map((r) => [r.cause, r.from_account, r.to_account, r.amount, r.player_id]).sort()).toEqual([
      ["rake", pot, "house", "0.20000000", ""],
      ["settlement", pot, "platform", "3.80000000", ""],
    ]);
    const players = exported.rows.filter((r) => r.kind !== "settlement");
    expect(players).toHaveLength(7);
    const ledgers = [...(await ledgerOf(t, a.id)), ...(await ledgerOf(t, b.id))];
    expect(players.map((r) => r.casino_transfer_id).sort()).toEqual(ledgers.map((r) => r.casino_transfer_id).sort());
    for (const row of players) {
      const entry = ledgers.find((e) => e.casino_transfer_id === row.casino_transfer_id)!;
      expect(row).toMatchObject({ transfer_id: entry.transfer_id, kind: entry.kind, currency });
      expect(new Decimal(row.amount!).equals(entry.amount)).toBe(true);
    }
    // In the order written.
    expect(exported.rows.map((r) => r.time)).toEqual(exported.rows.map((r) => r.time).sort());

    // The CSV report says the same as the JSON one.
    const reportCsv = await csv(t, `/v1/admin/reports/daily?from=${today()}&to=${today()}&currency=${currency}&format=csv`);
    expect(reportCsv.header).toEqual([...REPORT_COLUMNS]);
    const asCsv = (line: Line) => Object.fromEntries(Object.entries(line).map(([k, v]) => [k, String(v)]));
    expect(reportCsv.rows).toEqual([asCsv(todays!), asCsv({ ...todays!, date: "total" })]);
  }, TIMEOUT_MS);

  it("lists every currency when none is asked for, and an unknown one with zeros", async () => {
    await clearOfUtcTimes(LASTS_MS);
    const currency = ownCurrency();
    await newPlayer(t, { currency, balance: "7" });
    const all = await report(t, `from=${today()}&to=${today()}`);
    expect(all.find((l) => l.currency === currency)).toMatchObject({ deposits: "7.00000000", closing_balance: "7.00000000" });
    expect(all.map((l) => l.currency)).toEqual([...new Set(all.map((l) => l.currency))].sort());
    const none = ownCurrency();
    expect(await report(t, `from=${today()}&to=${today()}&currency=${none}`)).toEqual([expect.objectContaining({ currency: none, opening_balance: "0.00000000", closing_balance: "0.00000000", bet_count: 0 })]);
  }, TIMEOUT_MS);

  it("refuses bad ranges and formats with 400 naming the field, and callers without the admin token with 401", async () => {
    for (const [query, field] of [
      ["to=2026-01-01", "from"],
      [`from=2026-01-01`, "to"],
      [`from=2026-02-30&to=2026-03-01`, "from"],
      [`from=26-1-1&to=2026-03-01`, "from"],
      [`from=2026-03-02&to=2026-03-01`, "from"],
      [`from=2024-01-01&to=2025-01-01`, "to"],
      [`from=${today()}&to=2999-01-01`, "to"],
      [`from=${today()}&to=${today()}&format=xml`, "format"],
      [`from=${today()}&to=${today()}&currency=U$D`, "currency"],
      [`from=${today()}&to=${today()}&page=2`, "page"],
    ] as const) {
      for (const path of ["/v1/admin/reports/daily", "/v1/admin/reports/ledger"]) {
        if (field === "format" && path.endsWith("ledger")) continue;
        const answer = await get(t, `${path}?${query}`, { admin: t.adminToken });
        expectError(answer, 400, "validation_failed");
        expect(answer.body.errors.map((e: { path: string }) => e.path)).toContain(field);
      }
    }
    expectError(await get(t, `/v1/admin/reports/daily?from=${today()}&to=${today()}`), 401, "admin_unauthorized");
    expectError(await get(t, `/v1/admin/reports/ledger?from=${today()}&to=${today()}`, { admin: "wrong" }), 401, "admin_unauthorized");
  });
});

describePostgres("the daily report over past days", (t) => {
  it("carries balances from day to day, keeps closed days, and still reconciles with the ledger to the cent", async () => {
    // Clear of midnight, and of the quarter hour after it when yesterday becomes a kept day.
    await clearOfUtcTimes(LASTS_MS, [0, CLOSE_AFTER_MS]);
    const currency = ownCurrency();
    const id = `report-${randomBytes(6).toString("hex")}`;
    const rows = [
      ["deposit", "100", "100", 3],
      ["debit", "40.40", "59.60", 2],
      ["credit", "10.05", "69.65", 2],
      ["refund", "0.35", "70", 1],
    ] as const;
    const sql = postgres(t.databaseUrl!, { max: 1, onnotice: () => {} });
    try {
      // A player's history over three days, written as the wallet writes it: 100 in, a bet of 40.40
      // and a win of 10.05 two days ago, a refund of 0.35 yesterday. Balance 70.
      await sql`insert into players (id, username, currency, real_balance, avatar_name, avatar_url) values (${id}, ${id}, ${currency}, 70, 'default', '/avatars/default.svg')`;
      // The bet went into its round's pot, and the refund came back out of it (returning part of it,
      // as no refund would: enough for the checks that a pot is its bets less their refunds).
      const [player, pot] = [`player:${id}`, `pot:${id}-round`];
      const sides = { deposit: ["operator", player, "deposit"], debit: [player, pot, "bet"], credit: ["platform", player, "win"], refund: [pot, player, "platform_refund"] } as const;
      await sql`insert into round_pots (round_id, currency, balance) values (${`${id}-round`}, ${currency}, 40.05)`;
      for (const [kind, amount, after, ago] of rows) {
        const [from, to, cause] = sides[kind];
        const inRound = kind === "debit" || kind === "refund";
        await sql`insert into ledger_entries (id, kind, player_id, amount, real_amount, bonus_amount, currency, from_account, to_account, cause, transfer_id, round_id, refunds_entry_id, reason, real_balance_after, bonus_balance_after, created_at)
                  values (${`${id}-${kind}`}, ${kind}, ${id}, ${amount}, ${amount}, 0, ${currency}, ${from}, ${to}, ${cause}, ${`${id}-t-${kind}`},
                          ${inRound ? `${id}-round` : null}, ${kind === "refund" ? `${id}-debit` : null}, 'test', ${after}, 0, now() - ${`${ago} days`}::interval)`;
      }
      // Kept sums are of days that were over when kept: rows written into such a day afterwards (as
      // here, backdated) are summed again only once the kept days are dropped.
      await sql`delete from ledger_days`;
    } finally {
      await sql.end();
    }

    const lines = await report(t, `from=${daysAgo(4)}&to=${today()}&currency=${currency}`);
    expect(lines.map((l) => [l.date, l.opening_balance, l.deposits, l.bets, l.wins, l.refunds, l.closing_balance])).toEqual([
      [daysAgo(4), "0.00000000", "0.00000000", "0.00000000", "0.00000000", "0.00000000", "0.00000000"],
      [daysAgo(3), "0.00000000", "100.00000000", "0.00000000", "0.00000000", "0.00000000", "100.00000000"],
      [daysAgo(2), "100.00000000", "0.00000000", "40.40000000", "10.05000000", "0.00000000", "69.65000000"],
      [daysAgo(1), "69.65000000", "0.00000000", "0.00000000", "0.00000000", "0.35000000", "70.00000000"],
      [today(), "70.00000000", "0.00000000", "0.00000000", "0.00000000", "0.00000000", "70.00000000"],
    ]);
    // Read again, from the kept days, and from a later start: the opening balance is the sum before it.
    expect(await report(t, `from=${daysAgo(4)}&to=${today()}&currency=${currency}`)).toEqual(lines);
    expect(await report(t, `from=${daysAgo(1)}&to=${daysAgo(1)}&currency=${currency}`)).toEqual([lines[3]]);
    const check = postgres(t.databaseUrl!, { max: 1, onnotice: () => {} });
    try {
      const kept = await check`select day::text, kind, amount::text from ledger_days where currency = ${currency} order by day, kind`;
      expect(kept.map((k) => [k.day, k.kind, new Decimal(k.amount).toFixed(2)])).toEqual([
        [daysAgo(3), "deposit", "100.00"],
        [daysAgo(2), "credit", "10.05"],
        [daysAgo(2), "debit", "40.40"],
      ].concat(daysAgo(1) <= lastClosed() ? [[daysAgo(1), "refund", "0.35"]] : []));
      // The other way round: the ledger summed directly equals the report's movements.
      const [direct] = await check`select sum(case when kind = 'debit' then -amount else amount end)::text as net from ledger_entries where currency = ${currency}`;
      expect(new Decimal(direct!.net).equals(lines.at(-1)!.closing_balance)).toBe(true);
    } finally {
      await check.end();
    }
    // The export of the past days lists the four rows, oldest first.
    const exported = await csv(t, `/v1/admin/reports/ledger?from=${daysAgo(4)}&to=${today()}&currency=${currency}`);
    expect(exported.rows.map((r) => [r.kind, r.amount, r.transfer_id])).toEqual(rows.map(([kind, amount]) => [kind, new Decimal(amount).toFixed(8), `${id}-t-${kind}`]));
  }, TIMEOUT_MS);
});

describePostgres("the ledger export's one snapshot", (t) => {
  it("leaves out, whole, a transaction committed while the file is being sent, and skips nothing", async () => {
    await clearOfUtcTimes(LASTS_MS);
    const currency = ownCurrency();
    const id = `snap-${randomBytes(6).toString("hex")}`;
    const sql = postgres(t.databaseUrl!, { max: 1, onnotice: () => {} });
    const range = `from=${daysAgo(1)}&to=${today()}&currency=${currency}`;
    try {
      // Two pages of rows (1,000 a page), each with a long reason: the first page alone is far more
      // than the sockets between server and test hold, so while the test has read only its first
      // line, the server waits to send the rest and has not read beyond the second page.
      await sql`insert into players (id, username, currency, real_balance, avatar_name, avatar_url) values (${id}, ${id}, ${currency}, 2000, 'default', '/avatars/default.svg')`;
      await sql`insert into ledger_entries (id, kind, player_id, amount, real_amount, bonus_amount, currency, from_account, to_account, cause, transfer_id, reason, real_balance_after, bonus_balance_after, created_at)
                select ${id} || '-' || lpad(j::text, 4, '0'), 'deposit', ${id}, 1, 1, 0, ${currency}, 'operator', ${`player:${id}`}, 'deposit', ${id} || '-t-' || j, repeat('x', 16000), j, 0, now() - (2000 - j) * interval '1 millisecond'
                from generate_series(1, 2000) j`;
      const seeded = Array.from({ length: 2000 }, (_, j) => `${id}-${String(j + 1).padStart(4, "0")}`);

      const response = await fetch(`${t.baseUrl}/v1/admin/reports/ledger?${range}`, { headers: { authorization: `Bearer ${t.adminToken}` } });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      while (text.split("\r\n").length < 3) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      expect(text.split("\r\n")[1]).toMatch(new RegExp(`^[^,]+,${id}-t-1,${id}-0001,deposit,`));

      // Mid-export, one transaction writes two rows: one stamped before the export's place in the
      // ledger, one after it. Read without a snapshot, the first would be skipped and the second sent.
      // The early one just before the first row seeded, so on the same day: an hour back, it fell on
      // yesterday in the hour after midnight, a day already kept, which the ledger check then flags.
      await sql.begin(async (tx) => {
        const [seededFirst] = await tx<{ first: Date }[]>`select min(created_at) as first from ledger_entries where player_id = ${id}`;
        await tx`insert into ledger_entries (id, kind, player_id, amount, real_amount, bonus_amount, currency, from_account, to_account, cause, transfer_id, reason, real_balance_after, bonus_balance_after, created_at)
                 values (${`${id}-early`}, 'deposit', ${id}, 1, 1, 0, ${currency}, 'operator', ${`player:${id}`}, 'deposit', ${`${id}-t-early`}, 'mid-export', 0, 0, ${seededFirst!.first}::timestamptz - interval '1 millisecond'),
                        (${`${id}-late`}, 'deposit', ${id}, 1, 1, 0, ${currency}, 'operator', ${`player:${id}`}, 'deposit', ${`${id}-t-late`}, 'mid-export', 0, 0, now())`;
        await tx`update players set real_balance = real_balance + 2 where id = ${id}`;
      });

      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      const ids = (file: string) => file.trimEnd().split("\r\n").slice(1).map((line) => line.split(",")[2]);
      // Every row there was when the export began, once each and in order; none of the later ones.
      expect(ids(text)).toEqual(seeded);

      // Exported again, the rows written meanwhile are there: in the range, and only later.
      const again = await fetch(`${t.baseUrl}/v1/admin/reports/ledger?${range}`, { headers: { authorization: `Bearer ${t.adminToken}` } });
      expect(ids(await again.text())).toEqual([`${id}-early`, ...seeded, `${id}-late`]);
    } finally {
      await sql.end();
    }
  }, TIMEOUT_MS);
});

/** The newest day the service keeps: over for a quarter of an hour. */
const lastClosed = () => new Date(Date.now() - CLOSE_AFTER_MS - 86_400_000).toISOString().slice(0, 10);

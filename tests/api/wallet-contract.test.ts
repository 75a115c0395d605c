import { readFileSync } from "node:fs";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNextServer, stopProcess, type NextServer } from "../support/next-server";
import type { Target } from "./global-setup";
import { newPlayer, targets } from "./helpers";
import { balanceOf, betOn, callWallet, creditBody, ledgerOf, refundBody } from "./wallet-helpers";

// What a platform that follows wallet-callbacks.md to the letter sends, and reads back.

const EMPTY_CREDIT = { balance: "", casino_transfer_id: "", real_amount: "", bonus_amount: "" };

/** The platform's timestamp as the ledger stored it (PostgreSQL only: the embedded database is the server's own). */
async function storedTimestamp(t: Target, casinoTransferId: string): Promise<string | undefined> {
  if (!t.databaseUrl) return undefined;
  const sql = postgres(t.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql`select platform_timestamp::text as ts from ledger_entries where id = ${casinoTransferId}`;
    return row?.ts as string;
  } finally {
    await sql.end();
  }
}

describe.each(targets)("$name: the wallet contract of a spec-literal platform", (t) => {
  it("reads null as absent in gift_spin, jackpot_wins and deduction: a real-money credit", async () => {
    const p = await newPlayer(t, { balance: "0" });
    const answer = await callWallet(t, "credit", creditBody(p.id, { amount: "5.25", gift_spin: null, jackpot_wins: null, deduction: null }));
    expect(answer.body).toMatchObject({ status_code: "OK", balance: "5.25", real_amount: "5.25", bonus_amount: "0.00" });
  });

  it("takes a credit timestamp with a fraction of a second and stores it as given", async () => {
    const p = await newPlayer(t, { balance: "0" });
    const answer = await callWallet(t, "credit", creditBody(p.id, { timestamp: 1732200000.123456 }));
    expect(answer.body.status_code).toBe("OK");
    const stored = await storedTimestamp(t, answer.body.casino_transfer_id);
    if (t.databaseUrl) expect(stored).toBe("1732200000.123456");
  });

  it("takes a refund whose timestamp and X-Timestamp carry the same fraction", async () => {
    const p = await newPlayer(t, { balance: "10.00" });
    const bet = await betOn(t, p, 1);
    const timestamp = Date.now() + 0.5;
    const answer = await callWallet(t, "refund", refundBody(p.id, { transfer_id: bet.transferId, timestamp, reason: "game_error" }));
    expect(answer.body.status_code).toBe("OK");
  });

  it("answers a refund retried an hour later, by default, and its exact repeat with the stored answer", async () => {
    const p = await newPlayer(t, { balance: "10.00" });
    const bet = await betOn(t, p, 2);
    const late = refundBody(p.id, { transfer_id: bet.transferId, amount: "2.00", timestamp: Date.now() - 3_600_000, reason: "game_error" });
    const first = await callWallet(t, "refund", late);
    expect(first.body).toMatchObject({ status_code: "OK", balance: "10.00" });
    await callWallet(t, "credit", creditBody(p.id, { amount: "1.00" }));
    // The balance moved since; the repeat gets the first answer, word for word.
    expect((await callWallet(t, "refund", late)).body).toEqual(first.body);
  });

  describe("every field the specification requires, in every answer", () => {
    it.each([
      ["an integrity failure", { signature: "0".repeat(64) }, undefined],
      ["a malformed body", {}, { amount: 5 }],
      ["an unknown player", {}, { player_id: "no-such-player" }],
    ])("credit: %s carries balance, casino_transfer_id, real_amount and bonus_amount, empty", async (_, options, change) => {
      const p = await newPlayer(t, { balance: "1.00" });
      const answer = await callWallet(t, "credit", creditBody(p.id, change), options);
      expect(answer.body).toEqual({ status_code: expect.stringMatching(/^ERR_/), message: expect.any(String), ...EMPTY_CREDIT });
    });

    it("credit: a refusal of a known player carries the balance, and empty transfer fields", async () => {
      const p = await newPlayer(t, { balance: "1.00" });
      const answer = await callWallet(t, "credit", creditBody(p.id, { currency: "EUR" }));
      expect(answer.body).toEqual({ status_code: "ERR_INVALID_ACCOUNT", message: expect.any(String), ...EMPTY_CREDIT, balance: "1.00" });
    });

    it.each([
      ["an integrity failure", { signature: "0".repeat(64) }, {}, ""],
      ["a malformed body", {}, { amount: "x" }, ""],
      ["an unknown player", {}, { player_id: "no-such-player" }, ""],
      ["an unknown bet", {}, { transfer_id: "never-debited" }, "3.00"],
    ])("refund: %s carries balance and casino_transfer_id", async (_, options, change, balance) => {
      const p = await newPlayer(t, { balance: "3.00" });
      const answer = await callWallet(t, "refund", refundBody(p.id, change), options);
      expect(answer.body).toEqual({ status_code: expect.stringMatching(/^ERR_/), message: expect.any(String), balance, casino_transfer_id: "" });
    });
  });

  it("maps {base_url} in the integration guide so that the specification's paths work as written", async () => {
    const guide = readFileSync("docs/integration.md", "utf8");
    const mapped = /^\| `\{base_url\}` \(room API\) \| `([^`]+)` \|$/m.exec(guide)?.[1];
    expect(mapped).toBeDefined();
    const baseUrl = mapped!.replace("<origin>", t.baseUrl);
    const p = await newPlayer(t);
    // Paths relative to {base_url}, as room-rest-api.md gives them.
    expect((await fetch(`${baseUrl}/v1`)).status).toBe(200);
    expect((await fetch(`${baseUrl}/v1/player/balance`, { headers: { "x-player-token": p.token } })).status).toBe(200);
  });
});

describe.each(targets)("$name: a configured X-Timestamp window", (t) => {
  // Wide enough for the first refund to arrive within it on a busy machine.
  const WINDOW_SECONDS = 3;
  let server: NextServer;
  let windowed: Target;
  beforeAll(async () => {
    // PostgreSQL: a second instance on the same database. Embedded: an instance of its own.
    const database = t.databaseUrl ? { DATABASE_URL: t.databaseUrl } : { PGLITE_DIR: "memory://", DATABASE_URL: "" };
    server = await startNextServer(
      { ...database, ADMIN_TOKEN: t.adminToken, WALLET_SIGNING_SECRET: t.walletSecrets.join(","), WALLET_TIMESTAMP_TOLERANCE_SECONDS: String(WINDOW_SECONDS) },
      { label: `${t.name} with a timestamp window` },
    );
    windowed = { ...t, baseUrl: server.baseUrl };
  });
  afterAll(() => stopProcess(server.child));

  it("refuses a new refund outside it, and answers an exact repeat sent late with its stored answer", async () => {
    const p = await newPlayer(windowed, { balance: "10.00" });
    const [a, b] = [await betOn(windowed, p, 1), await betOn(windowed, p, 2)];
    const body = refundBody(p.id, { transfer_id: b.transferId, amount: "2.00", reason: "game_error" });
    const first = await callWallet(windowed, "refund", body);
    expect(first.body).toMatchObject({ status_code: "OK", balance: "9.00" });
    // Until the body's timestamp has left the window by the server's clock (the same machine's).
    const leavesWindowAt = body.timestamp + WINDOW_SECONDS * 1000;
    while (Date.now() <= leavesWindowAt) await new Promise((r) => setTimeout(r, leavesWindowAt + 10 - Date.now()));

    // A retry after an outage: the same bytes, their timestamp now outside the window, whatever X-Timestamp comes with them.
    for (const header of [String(body.timestamp), null, "not a time", String(Date.now())]) {
      expect((await callWallet(windowed, "refund", body, { timestamp: header })).body).toEqual(first.body);
    }
    // A new refund with that timestamp is refused, and moves nothing.
    const outside = await callWallet(windowed, "refund", refundBody(p.id, { transfer_id: a.transferId, timestamp: body.timestamp }));
    expect(outside.body).toEqual({ status_code: "ERR_INTEGRITY_CHECK_FAILED", message: expect.stringMatching(new RegExp(`${WINDOW_SECONDS} s`)), balance: "", casino_transfer_id: "" });
    expect((await ledgerOf(windowed, p.id)).filter((r) => r.kind === "refund")).toHaveLength(1);
    expect(await balanceOf(windowed, p.token)).toBe("9.00");
  });
});

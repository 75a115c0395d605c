import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { Decimal } from "@/lib/money/decimal";
import type { Target } from "./global-setup";
import { TEST_ADJUSTMENT_APPROVAL_ABOVE } from "./global-setup";
import { inOrder } from "./forced-order";
import { expectError, get, newPlayer, post, targets, unique, type Answer } from "./helpers";
import { betOn, callWallet, creditBody, ledgerOf, refundBody } from "./wallet-helpers";
import { clearOfUtcTimes } from "../support/utc-day";

// Support's tools through the API, each done by an operator of the role it needs with their own
// token: blocking a player (and what a blocked player may still do), balance adjustments with a
// second person's approval above ADJUSTMENT_APPROVAL_ABOVE (50.00 on the test servers), notes.

interface Operator {
  id: string;
  name: string;
  token: string;
}

async function newOperator(t: Target, role: "viewer" | "support" | "finance" | "admin"): Promise<Operator> {
  const username = unique(role);
  const made = await post(t, "/v1/admin/operators", { username, password: "a long enough password", role }, { admin: t.adminToken });
  if (made.status !== 201) throw new Error(`Could not add an operator: ${JSON.stringify(made.body)}`);
  const issued = await post(t, `/v1/admin/operators/${made.body.data.id}/tokens`, { label: "tests" }, { admin: t.adminToken });
  if (issued.status !== 201) throw new Error(`Could not give an operator a token: ${JSON.stringify(issued.body)}`);
  return { id: made.body.data.id, name: `${username} (token tests)`, token: issued.body.data.token };
}

/** The audit rows of one player, newest first. */
async function auditOf(t: Target, playerId: string) {
  return (await get(t, `/v1/admin/audit?player_id=${playerId}&limit=100`, { admin: t.adminToken })).body.data.actions as {
    action: string;
    actor: string;
    details: Record<string, unknown>;
  }[];
}

const adminPlayer = async (t: Target, id: string) => (await get(t, `/v1/admin/players/${id}`, { admin: t.adminToken })).body.data;
const expectOk = (answer: Answer, status = 200) => {
  if (answer.status !== status) throw new Error(`Expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
};

describe.each(targets)("$name: support tools", (t) => {
  let support: Operator, finance: Operator, secondFinance: Operator, viewer: Operator;
  beforeAll(async () => {
    [support, finance, secondFinance, viewer] = await Promise.all([newOperator(t, "support"), newOperator(t, "finance"), newOperator(t, "finance"), newOperator(t, "viewer")]);
  });

  const room = (player: { token: string; currency: string }, bet = 5) =>
    post(t, "/v1/rooms", { name: unique("table"), bet_amount: bet, currency: player.currency, player_limit: 2, turn: 10 }, { token: player.token });
  const block = (playerId: string, token: string, reason = "Chargeback on the last deposit") => post(t, `/v1/admin/players/${playerId}/block`, { reason }, { admin: token });

  describe("blocking a player", () => {
    it("refuses every player call but leaving a room, which returns the bet, until unblocked; audited by name", async () => {
      const player = await newPlayer(t);
      const other = await newPlayer(t);
      const seated = expectOk(await room(player));
      const open = expectOk(await room(other));

      const blocked = expectOk(await block(player.id, support.token));
      expect(blocked).toMatchObject({ id: player.id, balance: "95.00", blocked: { at: expect.stringMatching(/^\d{4}-/), reason: "Chargeback on the last deposit" }, pending_adjustments: 0 });
      expect((await adminPlayer(t, player.id)).blocked).toEqual(blocked.blocked);
      const found = (await get(t, `/v1/admin/players?q=${player.username}`, { admin: viewer.token })).body.data.players;
      expect(found).toEqual([expect.objectContaining({ id: player.id, blocked: blocked.blocked })]);

      const refused: [string, string, unknown?][] = [
        ["GET", "/v1/player/me"],
        ["GET", "/v1/player/balance"],
        ["GET", "/v1/player/transactions"],
        ["GET", "/v1/rooms"],
        ["GET", `/v1/rooms/${open.id}`],
        ["GET", `/v1/rooms/${seated.id}/result`],
        ["GET", "/v1/lobby/counts"],
        ["GET", "/v1/events"],
        ["POST", "/v1/rooms", { name: "blocked", bet_amount: 1, currency: "USD", player_limit: 2, turn: 10 }],
        ["POST", `/v1/rooms/${open.id}/join`],
      ];
      for (const [method, path, body] of refused) {
        const answer = method === "GET" ? await get(t, path, { token: player.token }) : await post(t, path, body, { token: player.token });
        expectError(answer, 403, "player_blocked");
        expect(answer.body.message).toMatch(/blocked.*Contact support/);
      }
      // Nothing was debited, and the other room still waits for a second player.
      expect((await adminPlayer(t, player.id)).balance).toBe("95.00");
      expect((await get(t, `/v1/rooms/${open.id}`, { token: other.token })).body.data.current_players).toBe(1);

      // Leaving still works, and returns the bet.
      expect(expectOk(await post(t, `/v1/rooms/${seated.id}/leave`, undefined, { token: player.token })).status).toBe("finished");
      expect((await adminPlayer(t, player.id)).balance).toBe("100.00");

      const unblocked = expectOk(await post(t, `/v1/admin/players/${player.id}/unblock`, { reason: "Chargeback withdrawn" }, { admin: support.token }));
      expect(unblocked.blocked).toBeNull();
      expect((await get(t, "/v1/player/me", { token: player.token })).status).toBe(200);
      expect((await post(t, `/v1/rooms/${open.id}/join`, undefined, { token: player.token })).status).toBe(200);

      const audit = (await auditOf(t, player.id)).filter((a) => a.action.endsWith("block_player"));
      expect(audit).toEqual([
        expect.objectContaining({ action: "unblock_player", actor: support.name, details: { reason: "Chargeback withdrawn", blocked_at: blocked.blocked.at, block_reason: "Chargeback on the last deposit" } }),
        expect.objectContaining({ action: "block_player", actor: support.name, details: { reason: "Chargeback on the last deposit" } }),
      ]);
    });

    it("still pays what the platform owes a blocked player: a win and a refund", async () => {
      const player = await newPlayer(t);
      const bet = await betOn(t, player, 4);
      expectOk(await block(player.id, support.token));
      const credit = await callWallet(t, "credit", creditBody(player.id, { amount: "7.50" }));
      expect(credit.body).toMatchObject({ status_code: "OK", balance: "103.50" });
      const refund = await callWallet(t, "refund", refundBody(player.id, { transfer_id: bet.transferId, amount: "4", round_id: bet.roomId }));
      expect(refund.body).toMatchObject({ status_code: "OK", balance: "107.50" });
      expect((await adminPlayer(t, player.id)).balance).toBe("107.50");
    });

    it("a block that commits before a join makes it refused under the player's lock, with nothing debited; after it, the join stands", async () => {
      const [first, second, host] = [await newPlayer(t), await newPlayer(t), await newPlayer(t)];
      const [early, late] = [expectOk(await room(host)), expectOk(await room(host))];
      // Block first: the join, authenticated before the block commits on PostgreSQL, is refused by the bet.
      const [blocked, refused] = await inOrder<[Answer, Answer]>(t, { table: "players", id: first.id }, [
        () => block(first.id, support.token),
        () => post(t, `/v1/rooms/${early.id}/join`, undefined, { token: first.token }),
      ]);
      expect(blocked.status).toBe(200);
      expectError(refused, 403, "player_blocked");
      expect((await adminPlayer(t, first.id)).balance).toBe("100.00");
      // Join first: the bet is taken, and the block that follows keeps it seated.
      const [joined, blockedAfter] = await inOrder<[Answer, Answer]>(t, { table: "players", id: second.id }, [
        () => post(t, `/v1/rooms/${late.id}/join`, undefined, { token: second.token }),
        () => block(second.id, support.token),
      ]);
      expect([joined.status, blockedAfter.status]).toEqual([200, 200]);
      expect((await adminPlayer(t, second.id)).balance).toBe("95.00");
    });

    it("keeps the first block when blocked again, and changes nothing unblocking a player not blocked", async () => {
      const player = await newPlayer(t);
      const first = expectOk(await block(player.id, support.token, "First reason"));
      const again = expectOk(await block(player.id, t.adminToken, "Second reason"));
      expect(again.blocked).toEqual(first.blocked);
      expect(expectOk(await post(t, `/v1/admin/players/${player.id}/unblock`, {}, { admin: support.token })).blocked).toBeNull();
      expect(expectOk(await post(t, `/v1/admin/players/${player.id}/unblock`, {}, { admin: support.token })).blocked).toBeNull();
      expect((await auditOf(t, player.id)).map((a) => a.action).filter((a) => a.endsWith("block_player"))).toEqual(["unblock_player", "block_player"]);
    });

    it.each([
      ["no reason", {}, "reason"],
      ["an empty reason", { reason: "  " }, "reason"],
      ["a reason of 501 characters", { reason: "x".repeat(501) }, "reason"],
    ])("400 validation_failed for %s", async (_, body, field) => {
      const player = await newPlayer(t);
      const answer = await post(t, `/v1/admin/players/${player.id}/block`, body, { admin: support.token });
      expectError(answer, 400, "validation_failed");
      expect(answer.body.errors).toEqual([expect.objectContaining({ path: field })]);
    });

    it("404 player_not_found, and 403 role_required for finance and viewers", async () => {
      expectError(await block("no-such-player", support.token), 404, "player_not_found");
      const player = await newPlayer(t);
      for (const who of [finance, viewer]) {
        expectError(await block(player.id, who.token), 403, "role_required");
        expectError(await post(t, `/v1/admin/players/${player.id}/unblock`, {}, { admin: who.token }), 403, "role_required");
      }
      expect((await adminPlayer(t, player.id)).blocked).toBeNull();
    });
  });

  describe("balance adjustments", () => {
    const adjust = (playerId: string, amount: string, token = finance.token, reason = "Goodwill for the outage") =>
      post(t, `/v1/admin/players/${playerId}/adjustments`, { amount, reason }, { admin: token });
    const approve = (id: string, token: string) => post(t, `/v1/admin/adjustments/${id}/approve`, {}, { admin: token });
    const reject = (id: string, token: string, reason?: string) => post(t, `/v1/admin/adjustments/${id}/reject`, reason === undefined ? {} : { reason }, { admin: token });

    it("applies at once up to the threshold, either way, as ledger movements with the operator's account", async () => {
      expect(TEST_ADJUSTMENT_APPROVAL_ABOVE).toBe("50.00");
      const player = await newPlayer(t);
      const given = expectOk(await adjust(player.id, "50.00"), 201);
      expect(given).toMatchObject({
        player_id: player.id,
        player_name: player.username,
        amount: "50.00",
        currency: "USD",
        reason: "Goodwill for the outage",
        status: "applied",
        requested_by: finance.name,
        requested_by_operator_id: finance.id,
        decided_by: null,
        decided_at: expect.stringMatching(/^\d{4}-/),
        casino_transfer_id: expect.any(String),
      });
      const taken = expectOk(await adjust(player.id, "-50.00", finance.token, "Duplicate win"), 201);
      expect(taken).toMatchObject({ amount: "-50.00", status: "applied" });
      expect((await adminPlayer(t, player.id)).balance).toBe("100.00");

      const [out, into] = await ledgerOf(t, player.id);
      expect(into).toMatchObject({ casino_transfer_id: given.casino_transfer_id, kind: "adjustment", cause: "admin_adjustment", from_account: "operator", to_account: `player:${player.id}`, amount: "50.00", real_amount: "50.00", transfer_id: given.id, balance_after: "150.00" });
      expect(out).toMatchObject({ casino_transfer_id: taken.casino_transfer_id, kind: "adjustment", cause: "admin_adjustment", from_account: `player:${player.id}`, to_account: "operator", amount: "50.00", transfer_id: taken.id, balance_after: "100.00" });
      const own = (await get(t, "/v1/player/transactions", { token: player.token })).body.data.transactions;
      expect(own.slice(0, 2)).toEqual([
        expect.objectContaining({ kind: "adjustment", direction: "out", cause: "admin_adjustment", reason: "adjustment", amount: "50.00", balance_after: "100.00" }),
        expect.objectContaining({ kind: "adjustment", direction: "in", cause: "admin_adjustment", reason: "adjustment", amount: "50.00", balance_after: "150.00" }),
      ]);

      const audit = await auditOf(t, player.id);
      expect(audit.filter((a) => a.action.endsWith("_adjustment"))).toEqual([
        expect.objectContaining({ action: "apply_adjustment", actor: finance.name, details: { adjustment_id: taken.id, amount: "-50.00", currency: "USD", reason: "Duplicate win", casino_transfer_id: taken.casino_transfer_id } }),
        expect.objectContaining({ action: "request_adjustment", actor: finance.name, details: { adjustment_id: taken.id, amount: "-50.00", currency: "USD", reason: "Duplicate win", status: "applied" } }),
        expect.objectContaining({ action: "apply_adjustment", details: expect.objectContaining({ adjustment_id: given.id, amount: "50.00" }) }),
        expect.objectContaining({ action: "request_adjustment", details: expect.objectContaining({ adjustment_id: given.id, status: "applied" }) }),
      ]);
    });

    it("keeps one cent above the threshold pending, either way, until someone else approves it, once", async () => {
      const player = await newPlayer(t);
      const pending = expectOk(await adjust(player.id, "50.01"), 201);
      const pendingOut = expectOk(await adjust(player.id, "-50.01"), 201);
      for (const a of [pending, pendingOut]) expect(a).toMatchObject({ status: "pending", decided_at: null, casino_transfer_id: null });
      expect(await adminPlayer(t, player.id)).toMatchObject({ balance: "100.00", pending_adjustments: 2 });
      const listed = (await get(t, `/v1/admin/adjustments?status=pending&player_id=${player.id}`, { admin: viewer.token })).body.data;
      expect(listed).toMatchObject({ total: 2, adjustments: [{ id: pendingOut.id }, { id: pending.id }] });

      expectError(await approve(pending.id, finance.token), 403, "second_person_required");
      const approved = expectOk(await approve(pending.id, secondFinance.token));
      expect(approved).toMatchObject({ status: "applied", requested_by: finance.name, decided_by: secondFinance.name, decided_by_operator_id: secondFinance.id, casino_transfer_id: expect.any(String) });
      expect(await adminPlayer(t, player.id)).toMatchObject({ balance: "150.01", pending_adjustments: 1 });
      expectError(await approve(pending.id, t.adminToken), 409, "adjustment_decided");
      expectError(await reject(pending.id, t.adminToken), 409, "adjustment_decided");

      const audit = await auditOf(t, player.id);
      expect(audit[0]).toMatchObject({
        action: "approve_adjustment",
        actor: secondFinance.name,
        details: { adjustment_id: pending.id, amount: "50.01", currency: "USD", reason: "Goodwill for the outage", requested_by: finance.name, casino_transfer_id: approved.casino_transfer_id, decision_reason: null },
      });
      expect((await get(t, `/v1/admin/adjustments?status=applied&player_id=${player.id}`, { admin: viewer.token })).body.data.adjustments.map((a: { id: string }) => a.id)).toEqual([pending.id]);
    });

    it("refuses the owner's approval of the owner's own request, and takes an operator's", async () => {
      const player = await newPlayer(t);
      const asked = expectOk(await adjust(player.id, "75", t.adminToken), 201);
      expect(asked).toMatchObject({ status: "pending", requested_by: "owner", requested_by_operator_id: null });
      expectError(await approve(asked.id, t.adminToken), 403, "second_person_required");
      expect(expectOk(await approve(asked.id, finance.token)).status).toBe("applied");
      expect((await adminPlayer(t, player.id)).balance).toBe("175.00");
    });

    it("applies an adjustment once when approvals race", async () => {
      const player = await newPlayer(t);
      const pending = expectOk(await adjust(player.id, "80.00"), 201);
      const answers = await Promise.all([secondFinance, secondFinance, secondFinance].map((o) => approve(pending.id, o.token)).concat([approve(pending.id, t.adminToken), approve(pending.id, t.adminToken)]));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      for (const a of answers.filter((a) => a.status !== 200)) expectError(a, 409, "adjustment_decided");
      expect((await adminPlayer(t, player.id)).balance).toBe("180.00");
      const rows = (await ledgerOf(t, player.id)).filter((r) => r.transfer_id === pending.id);
      expect(rows).toHaveLength(1);
      expect((await auditOf(t, player.id)).filter((a) => a.action === "approve_adjustment")).toHaveLength(1);
    });

    it("adds up, signed, what one person applied at once to a player in the last 24 hours: parts of an amount wait once they pass the threshold", async () => {
      const player = await newPlayer(t);
      const statuses = async (amounts: string[], token = finance.token) => {
        const out: string[] = [];
        for (const amount of amounts) out.push(expectOk(await adjust(player.id, amount, token), 201).status);
        return out;
      };
      // 30 + 20 is the threshold, 50.00: applied; one cent more waits; taking 20 back applies, and
      // leaves room for 20 more, not a cent past it.
      expect(await statuses(["30.00", "20.00", "0.01", "-20.00", "20.01"])).toEqual(["applied", "applied", "pending", "applied", "pending"]);
      // Someone else's are their own, and so are the owner's.
      expect(await statuses(["50.00"], secondFinance.token)).toEqual(["applied"]);
      expect(await statuses(["49.99", "0.02"], t.adminToken)).toEqual(["applied", "pending"]);
      // Parts sent at once are added one after the other: 20 + 20 applies, the rest wait.
      const other = await newPlayer(t);
      const raced = await Promise.all(Array.from({ length: 5 }, () => adjust(other.id, "20.00")));
      expect(raced.map((a) => expectOk(a, 201).status).sort()).toEqual(["applied", "applied", "pending", "pending", "pending"]);
      expect((await adminPlayer(t, other.id)).balance).toBe("140.00");
    });

    it("makes one adjustment of a request sent again with its Idempotency-Key, in turn or at once, and refuses the key for another request", async () => {
      const player = await newPlayer(t);
      const keyed = (key: string, amount: string) =>
        post(t, `/v1/admin/players/${player.id}/adjustments`, { amount, reason: "Goodwill for the outage" }, { admin: finance.token, headers: { "idempotency-key": key } });
      const key = unique("adjust");
      const first = expectOk(await keyed(key, "20.00"), 201);
      expect(expectOk(await keyed(key, "20.00"), 201)).toEqual(first);
      expectError(await keyed(key, "21.00"), 422, "idempotency_key_reused");

      // Sent at once: one applies, and each repeat gets its answer or is told to ask again.
      const raced = unique("adjust-race");
      const answers = await Promise.all(Array.from({ length: 5 }, () => keyed(raced, "5.00")));
      const made = answers.filter((a) => a.status === 201).map((a) => a.body.data.id as string);
      expect(new Set(made).size).toBe(1);
      for (const a of answers.filter((a) => a.status !== 201)) expectError(a, 409, "idempotency_key_in_use");

      expect((await adminPlayer(t, player.id)).balance).toBe("125.00");
      const rows = (await ledgerOf(t, player.id)).filter((r) => r.kind === "adjustment");
      expect(rows.map((r) => r.transfer_id).sort()).toEqual([first.id, made[0]].sort());
      expect((await auditOf(t, player.id)).filter((a) => a.action === "request_adjustment")).toHaveLength(2);
    });

    it("refuses a negative adjustment past the balance with nothing moved or recorded, and one the balance no longer covers stays pending", async () => {
      // Applied at once, or kept for approval: refused either way.
      const poor = await newPlayer(t, { balance: "10.00" });
      expectError(await adjust(poor.id, "-10.01"), 409, "insufficient_funds");
      expect(await adminPlayer(t, poor.id)).toMatchObject({ balance: "10.00", pending_adjustments: 0 });
      const player = await newPlayer(t);
      expectError(await adjust(player.id, "-100.01"), 409, "insufficient_funds");
      expect(await adminPlayer(t, player.id)).toMatchObject({ balance: "100.00", pending_adjustments: 0 });
      expect((await get(t, `/v1/admin/adjustments?player_id=${player.id}`, { admin: viewer.token })).body.data.total).toBe(0);
      expect((await auditOf(t, player.id)).filter((a) => a.action.endsWith("_adjustment"))).toEqual([]);
      expect(await ledgerOf(t, player.id)).toHaveLength(1);

      // Bonus money is taken too, after real money: a gift-spin win is bonus money.
      expect((await callWallet(t, "credit", creditBody(player.id, { amount: "10.00", gift_spin: { id: "spin-1" } }))).body.status_code).toBe("OK");
      const all = expectOk(await adjust(player.id, "-110.00", t.adminToken), 201);
      expect(expectOk(await approve(all.id, finance.token)).status).toBe("applied");
      expect((await ledgerOf(t, player.id))[0]).toMatchObject({ real_amount: "100.00", bonus_amount: "10.00", balance_after: "0.00" });

      // Covered when asked for, no longer when approved: refused, and it stays pending.
      // (Each gives within the threshold of what they themselves applied at once in the last day.)
      expect(expectOk(await adjust(player.id, "50.00"), 201).status).toBe("applied");
      expect(expectOk(await adjust(player.id, "20.00", secondFinance.token), 201).status).toBe("applied");
      const takeBack = expectOk(await adjust(player.id, "-60.00"), 201);
      expect(takeBack.status).toBe("pending");
      expect(expectOk(await adjust(player.id, "-50.00", secondFinance.token), 201).status).toBe("applied");
      expectError(await approve(takeBack.id, secondFinance.token), 409, "insufficient_funds");
      expect(await adminPlayer(t, player.id)).toMatchObject({ balance: "20.00", pending_adjustments: 1 });
      expect(expectOk(await adjust(player.id, "50.00", t.adminToken), 201).status).toBe("applied");
      expect(expectOk(await approve(takeBack.id, secondFinance.token)).status).toBe("applied");
      expect(await adminPlayer(t, player.id)).toMatchObject({ balance: "10.00", pending_adjustments: 0 });
    });

    it("rejects: nothing moves, whoever asked may withdraw it, and the reason is audited", async () => {
      const player = await newPlayer(t);
      const [byOther, own] = [expectOk(await adjust(player.id, "99"), 201), expectOk(await adjust(player.id, "-99"), 201)];
      const rejected = expectOk(await reject(byOther.id, secondFinance.token, "The platform paid it after all"));
      expect(rejected).toMatchObject({ status: "rejected", decided_by: secondFinance.name, casino_transfer_id: null, decided_at: expect.stringMatching(/^\d{4}-/) });
      expect(expectOk(await reject(own.id, finance.token)).status).toBe("rejected");
      expectError(await approve(byOther.id, t.adminToken), 409, "adjustment_decided");
      expectError(await reject(byOther.id, t.adminToken), 409, "adjustment_decided");
      expect(await adminPlayer(t, player.id)).toMatchObject({ balance: "100.00", pending_adjustments: 0 });
      expect(await ledgerOf(t, player.id)).toHaveLength(1);
      const audit = (await auditOf(t, player.id)).filter((a) => a.action === "reject_adjustment");
      expect(audit).toEqual([
        expect.objectContaining({ actor: finance.name, details: expect.objectContaining({ adjustment_id: own.id, amount: "-99.00", decision_reason: null }) }),
        expect.objectContaining({ actor: secondFinance.name, details: expect.objectContaining({ adjustment_id: byOther.id, amount: "99.00", decision_reason: "The platform paid it after all" }) }),
      ]);
    });

    it("403 role_required for support and viewers, 404 for what does not exist", async () => {
      const player = await newPlayer(t);
      const pending = expectOk(await adjust(player.id, "51"), 201);
      for (const who of [support, viewer]) {
        expectError(await adjust(player.id, "1.00", who.token), 403, "role_required");
        expectError(await approve(pending.id, who.token), 403, "role_required");
        expectError(await reject(pending.id, who.token), 403, "role_required");
      }
      expect((await get(t, "/v1/admin/adjustments?status=pending", { admin: viewer.token })).status).toBe(200);
      expectError(await adjust("no-such-player", "1.00"), 404, "player_not_found");
      expectError(await approve("no-such-adjustment", secondFinance.token), 404, "adjustment_not_found");
      expectError(await reject("0b9f6c1e-5d2a-4f7e-8c3b-000000000000", secondFinance.token), 404, "adjustment_not_found");
    });

    it.each([
      ["zero", { amount: "0.00", reason: "x" }, "amount", /must not be 0/],
      ["a number", { amount: 5, reason: "x" }, "amount", /decimal string/],
      ["a plus sign", { amount: "+5", reason: "x" }, "amount", /decimal string/],
      ["more decimal places than the currency has", { amount: "-1.005", reason: "x" }, "amount", /at most 2 decimal places in USD/],
      ["an amount past a balance's column", { amount: "-1000000000000", reason: "x" }, "amount", /more than -1000000000000/],
      ["no reason", { amount: "5" }, "reason", /required/],
      ["an empty reason", { amount: "5", reason: " " }, "reason", /must not be empty/],
    ])("400 validation_failed for %s, and nothing recorded", async (_, body, field, message) => {
      const player = await newPlayer(t);
      const answer = await post(t, `/v1/admin/players/${player.id}/adjustments`, body, { admin: finance.token });
      expectError(answer, 400, "validation_failed");
      expect(answer.body.errors).toEqual([{ path: field, message: expect.stringMatching(message) }]);
      expect((await get(t, `/v1/admin/adjustments?player_id=${player.id}`, { admin: viewer.token })).body.data.total).toBe(0);
    });

    it("shows in the daily report as a signed column, into the closing balance and not GGR, and in the ledger export", async () => {
      const LASTS_MS = 30_000;
      await clearOfUtcTimes(LASTS_MS);
      const currency = `S${randomBytes(4).toString("hex").toUpperCase()}`;
      const player = await newPlayer(t, { currency, balance: "100" });
      const given = expectOk(await adjust(player.id, "20"), 201);
      const taken = expectOk(await adjust(player.id, "-5.5"), 201);
      const waiting = expectOk(await adjust(player.id, "60"), 201);
      expect([given.status, taken.status, waiting.status]).toEqual(["applied", "applied", "pending"]);
      const today = new Date().toISOString().slice(0, 10);
      const report = (await get(t, `/v1/admin/reports/daily?from=${today}&to=${today}&currency=${currency}`, { admin: viewer.token })).body.data;
      expect(report.days).toEqual([
        expect.objectContaining({ opening_balance: "0.00000000", deposits: "100.00000000", adjustments: "14.50000000", adjustment_count: 2, ggr: "0.00000000", closing_balance: "114.50000000" }),
      ]);
      expect(new Decimal(report.days[0].closing_balance).equals((await adminPlayer(t, player.id)).balance)).toBe(true);
      const exported = await fetch(`${t.baseUrl}/v1/admin/reports/ledger?from=${today}&to=${today}&currency=${currency}`, { headers: { authorization: `Bearer ${viewer.token}` } });
      const lines = (await exported.text()).trimEnd().split("\r\n").slice(1).map((l) => l.split(","));
      const mine = lines.filter((cells) => cells[9] === player.id).map(([, transfer, , kind, cause, from, to, amount]) => [transfer, kind, cause, from, to, amount]);
      expect(mine).toEqual([
        [expect.any(String), "deposit", "deposit", "operator", `player:${player.id}`, "100.00000000"],
        [given.id, "adjustment", "admin_adjustment", "operator", `player:${player.id}`, "20.00000000"],
        [taken.id, "adjustment", "admin_adjustment", `player:${player.id}`, "operator", "5.50000000"],
      ]);
    }, 70_000);
  });

  describe("notes", () => {
    it("adds notes signed by their author and lists them newest first, a page at a time; audits their start", async () => {
      const player = await newPlayer(t);
      const long = `Called about a missing win. ${"x".repeat(1_900)}`;
      const first = expectOk(await post(t, `/v1/admin/players/${player.id}/notes`, { body: "  First call.  " }, { admin: support.token }), 201);
      expect(first).toEqual({ id: expect.any(String), author: support.name, operator_id: support.id, body: "First call.", created_at: expect.stringMatching(/^\d{4}-/) });
      const second = expectOk(await post(t, `/v1/admin/players/${player.id}/notes`, { body: long }, { admin: t.adminToken }), 201);
      expect(second).toMatchObject({ author: "owner", operator_id: null, body: long });

      const page1 = (await get(t, `/v1/admin/players/${player.id}/notes?limit=1`, { admin: viewer.token })).body.data;
      expect(page1).toMatchObject({ total: 2, total_pages: 2, notes: [{ id: second.id }] });
      const page2 = (await get(t, `/v1/admin/players/${player.id}/notes?limit=1&page=2`, { admin: viewer.token })).body.data;
      expect(page2.notes).toEqual([first]);

      const audit = (await auditOf(t, player.id)).filter((a) => a.action === "add_note");
      expect(audit).toEqual([
        expect.objectContaining({ actor: "owner", details: { note_id: second.id, excerpt: long.slice(0, 100) } }),
        expect.objectContaining({ actor: support.name, details: { note_id: first.id, excerpt: "First call." } }),
      ]);
    });

    it("refuses an empty or too long note, a viewer's or finance's note, and an unknown player", async () => {
      const player = await newPlayer(t);
      for (const body of [{}, { body: "   " }, { body: "x".repeat(2001) }]) {
        const answer = await post(t, `/v1/admin/players/${player.id}/notes`, body, { admin: support.token });
        expectError(answer, 400, "validation_failed");
        expect(answer.body.errors).toEqual([expect.objectContaining({ path: "body" })]);
      }
      for (const who of [viewer, finance]) expectError(await post(t, `/v1/admin/players/${player.id}/notes`, { body: "hello" }, { admin: who.token }), 403, "role_required");
      expectError(await post(t, "/v1/admin/players/no-such-player/notes", { body: "hello" }, { admin: support.token }), 404, "player_not_found");
      expectError(await get(t, "/v1/admin/players/no-such-player/notes", { admin: viewer.token }), 404, "player_not_found");
      expect((await get(t, `/v1/admin/players/${player.id}/notes`, { admin: viewer.token })).body.data.total).toBe(0);
    });
  });
});

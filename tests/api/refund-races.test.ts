import { describe, expect, it } from "vitest";
import type { Target } from "./global-setup";
import { expectError, post, targets } from "./helpers";
import { newPlayer } from "./helpers";
import { balanceOf, callWallet, creditBody, ledgerOf, ledgerSum, refundBody, type Transaction } from "./wallet-helpers";

// Money that can come back, or be taken, by several paths at once: whatever order the server picks,
// it comes back exactly once and every ledger adds up to its balance.

type Player = Awaited<ReturnType<typeof newPlayer>>;

async function openRoom(t: Target, creator: Player, bet = "2.00") {
  const made = await post(t, "/v1/rooms", { name: "race", bet_amount: bet, currency: creator.currency, player_limit: 4, turn: 10 }, { token: creator.token });
  if (made.status !== 200) throw new Error(`Could not create a room: ${JSON.stringify(made.body)}`);
  return made.body.data.id as string;
}

const join = (t: Target, p: Player, roomId: string) => post(t, `/v1/rooms/${roomId}/join`, undefined, { token: p.token });
const close = (t: Target, roomId: string) => post(t, `/v1/admin/rooms/${roomId}/close`, undefined, { admin: t.adminToken });

/** The player's money is back where it started, returned once, and the ledger adds up to it. */
async function expectReturnedOnce(t: Target, p: Player, start: string) {
  const ledger = await ledgerOf(t, p.id);
  const balance = await balanceOf(t, p.token);
  expect(balance).toBe(start);
  expect(ledgerSum(ledger).toFixed(2)).toBe(balance);
  expect(ledger[0]!.balance_after).toBe(balance);
  const debits = ledger.filter((r) => r.kind === "debit");
  const refunds = ledger.filter((r) => r.kind === "refund");
  expect(refunds).toHaveLength(debits.length);
  for (const debit of debits) expect(refunds.filter((r: Transaction) => r.transfer_id === debit.transfer_id)).toHaveLength(1);
}

describe.each(targets)("$name: refunds racing", (t) => {
  it("returns a bet once when the platform's refund, the player's leave and an admin close come at once", async () => {
    for (let round = 0; round < 3; round++) {
      const [a, b] = [await newPlayer(t, { balance: "10.00" }), await newPlayer(t, { balance: "10.00" })];
      const roomId = await openRoom(t, a);
      expect((await join(t, b, roomId)).status).toBe(200);
      const [debit] = await ledgerOf(t, b.id);
      const refund = refundBody(b.id, { transfer_id: debit!.transfer_id, round_id: roomId, amount: "2.00", reason: "game_error" });
      const [platform, left, closed] = await Promise.all([
        callWallet(t, "refund", refund),
        post(t, `/v1/rooms/${roomId}/leave`, undefined, { token: b.token }),
        close(t, roomId),
      ]);
      // Whoever comes first returns the bet; the others are told it is back (docs/wallet.md).
      expect(platform.body.status_code, JSON.stringify(platform.body)).toBe("OK");
      expect(left.status, JSON.stringify(left.body)).toBe(200);
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      expect(closed.body.data.room.status).toBe("finished");
      await expectReturnedOnce(t, a, "10.00");
      await expectReturnedOnce(t, b, "10.00");
    }
  });

  it("answers 20 identical refunds at once alike, and returns the bet once", async () => {
    const p = await newPlayer(t, { balance: "10.00" });
    const roomId = await openRoom(t, p, "3.00");
    const [debit] = await ledgerOf(t, p.id);
    const body = refundBody(p.id, { transfer_id: debit!.transfer_id, round_id: roomId, amount: "3.00" });
    const answers = await Promise.all(Array.from({ length: 20 }, () => callWallet(t, "refund", body)));
    expect(answers[0]!.body).toMatchObject({ status_code: "OK", balance: "10.00" });
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    await expectReturnedOnce(t, p, "10.00");
  });

  it("never keeps a bet taken by a join that races an admin close", async () => {
    for (let round = 0; round < 3; round++) {
      const creator = await newPlayer(t, { balance: "10.00" });
      const roomId = await openRoom(t, creator);
      const joiners = await Promise.all(Array.from({ length: 3 }, () => newPlayer(t, { balance: "10.00" })));
      const [closed, ...joins] = await Promise.all([close(t, roomId), ...joiners.map((p) => join(t, p, roomId))]);
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      const refunded = new Set(closed.body.data.refunds.map((r: { player_id: string }) => r.player_id));
      joiners.forEach((p, i) => {
        const answer = joins[i]!;
        // Seated before the close: refunded by it. After: refused, nothing taken.
        if (answer.status === 200) expect(refunded.has(p.id)).toBe(true);
        else expectError(answer, 409, "room_not_waiting");
      });
      for (const p of [creator, ...joiners]) await expectReturnedOnce(t, p, "10.00");
    }
  });
});

describe.each(targets)("$name: one transfer_id credited to two players at once", (t) => {
  it("credits it once: the other player is refused and keeps their balance", async () => {
    for (let round = 0; round < 5; round++) {
      const players = await Promise.all(Array.from({ length: 4 }, () => newPlayer(t, { balance: "1.00" })));
      const body = creditBody(players[0]!.id, { amount: "5.00" });
      const answers = await Promise.all(players.map((p) => callWallet(t, "credit", { ...body, player_id: p.id })));
      const codes = answers.map((a) => a.body.status_code);
      expect(codes.filter((c) => c === "OK"), codes.join(", ")).toHaveLength(1);
      expect(codes.filter((c) => c === "ERR_DUPLICATE_TRANSFER")).toHaveLength(players.length - 1);
      const balances = await Promise.all(players.map((p) => balanceOf(t, p.token)));
      expect(balances.filter((b) => b === "6.00")).toHaveLength(1);
      expect(balances.filter((b) => b === "1.00")).toHaveLength(players.length - 1);
      const credited = players[codes.indexOf("OK")]!;
      expect((await ledgerOf(t, credited.id)).filter((r) => r.transfer_id === body.transfer_id)).toHaveLength(1);
    }
  });
});

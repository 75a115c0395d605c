import { describe, expect, it } from "vitest";
import type { Target } from "./global-setup";
import { holdRow, inOrder } from "./forced-order";
import { expectError, get, newPlayer, post, targets } from "./helpers";
import { balanceOf, callWallet, creditBody, ledgerOf, ledgerSum, refundBody, type Transaction } from "./wallet-helpers";

// Money that more than one call can return or take: the platform's refund, the player's leave, an
// admin's close, a join, a credit. Each order is forced (./forced-order.ts), and each test says which
// call moved the money and which were told it had moved already. Calls sent all at once are checked
// for the exact share of answers.

type Player = Awaited<ReturnType<typeof newPlayer>>;

async function openRoom(t: Target, creator: Player, bet = "2.00") {
  const made = await post(t, "/v1/rooms", { name: "race", bet_amount: bet, currency: creator.currency, player_limit: 4, turn: 10 }, { token: creator.token });
  if (made.status !== 200) throw new Error(`Could not create a room: ${JSON.stringify(made.body)}`);
  return made.body.data.id as string;
}

const join = (t: Target, p: Player, roomId: string) => post(t, `/v1/rooms/${roomId}/join`, undefined, { token: p.token });
const leave = (t: Target, p: Player, roomId: string) => post(t, `/v1/rooms/${roomId}/leave`, undefined, { token: p.token });
const close = (t: Target, roomId: string) => post(t, `/v1/admin/rooms/${roomId}/close`, undefined, { admin: t.adminToken });
const refundsOf = async (t: Target, p: Player) => (await ledgerOf(t, p.id)).filter((r) => r.kind === "refund");
const byId = (...players: Player[]) => players.map((p) => p.id).sort();

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

type Path = "refund" | "leave" | "close";
const ORDERS: Path[][] = [
  ["refund", "leave", "close"],
  ["refund", "close", "leave"],
  ["leave", "refund", "close"],
  ["leave", "close", "refund"],
  ["close", "refund", "leave"],
  ["close", "leave", "refund"],
];
const CASES = ["game_error", "player_exit"].flatMap((reason) => ORDERS.map((order) => [reason, order.join(" → "), order] as const));

describe.each(targets)("$name: a platform refund, the player's leave and an admin close at one bet", (t) => {
  it.each(CASES)("a %s refund, in the order %s: the first returns the bet, the others are told it is back", async (reason, _, order) => {
    const [a, b] = [await newPlayer(t, { balance: "10.00" }), await newPlayer(t, { balance: "10.00" })];
    const roomId = await openRoom(t, a);
    expect((await join(t, b, roomId)).status).toBe(200);
    const [debit] = await ledgerOf(t, b.id);
    const refund = refundBody(b.id, { transfer_id: debit!.transfer_id, round_id: roomId, amount: "2.00", reason });
    const send = { refund: () => callWallet(t, "refund", refund), leave: () => leave(t, b, roomId), close: () => close(t, roomId) };
    // All three lock the room first: that is where they queue.
    const answers = await inOrder(t, { table: "rooms", id: roomId }, order.map((path) => send[path]));
    const answerOf = (path: Path) => answers[order.indexOf(path)]!;
    const before = (x: Path, y: Path) => order.indexOf(x) < order.indexOf(y);

    // The first call wrote b's one refund: its reference and reason say which path that was.
    const [returned, ...more] = await refundsOf(t, b);
    expect(more).toHaveLength(0);
    const written = {
      refund: { reference_id: refund.reference_id, reason },
      leave: { reference_id: expect.stringMatching(/^exit-/), reason: "player_exit" },
      close: { reference_id: expect.stringMatching(/^close-/), reason: "game_error" },
    }[order[0]!];
    expect(returned).toMatchObject({ transfer_id: debit!.transfer_id, amount: "2.00", ...written });

    // The refund answers OK either way: registered when first, else naming the refund that returned the bet.
    expect(answerOf("refund").body).toEqual({
      status_code: "OK",
      message: order[0] === "refund" ? "Refund registered." : `The bet was returned already by refund ${returned!.casino_transfer_id} (${written.reason}); nothing moved.`,
      balance: "10.00",
      casino_transfer_id: returned!.casino_transfer_id,
    });
    // The close refunds a's bet always, and b's only when it came first.
    const closed = answerOf("close");
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data.room.status).toBe("finished");
    expect(closed.body.data.refunds.map((r: { player_id: string }) => r.player_id)).toEqual(order[0] === "close" ? byId(a, b) : byId(a));
    // b's seat is freed by a leave, or a player_exit refund, that comes while the room waits.
    const seatFreed = before("leave", "close") || (reason === "player_exit" && before("refund", "close"));
    const left = answerOf("leave");
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    expect(left.body.data).toMatchObject({ status: before("leave", "close") ? "waiting" : "finished", current_players: seatFreed ? 1 : 2 });
    expect((await get(t, `/v1/rooms/${roomId}`, { token: a.token })).body.data).toMatchObject({ status: "finished", current_players: seatFreed ? 1 : 2 });

    expect(await refundsOf(t, a)).toEqual([expect.objectContaining({ reference_id: expect.stringMatching(/^close-/), reason: "game_error" })]);
    await expectReturnedOnce(t, a, "10.00");
    await expectReturnedOnce(t, b, "10.00");
  });

  it("answers 20 identical refunds at once alike: one registered refund, 20 answers naming it", async () => {
    const p = await newPlayer(t, { balance: "10.00" });
    const roomId = await openRoom(t, p, "3.00");
    const [debit] = await ledgerOf(t, p.id);
    const body = refundBody(p.id, { transfer_id: debit!.transfer_id, round_id: roomId, amount: "3.00" });
    const answers = await Promise.all(Array.from({ length: 20 }, () => callWallet(t, "refund", body)));
    const [returned, ...more] = await refundsOf(t, p);
    expect(more).toHaveLength(0);
    expect(returned).toMatchObject({ reference_id: body.reference_id, transfer_id: debit!.transfer_id, amount: "3.00" });
    const registered = { status_code: "OK", message: "Refund registered.", balance: "10.00", casino_transfer_id: returned!.casino_transfer_id };
    expect(answers.map((a) => a.body)).toEqual(Array(20).fill(registered));
    await expectReturnedOnce(t, p, "10.00");
  });
});

describe.each(targets)("$name: a join and an admin close at one room", (t) => {
  it("join first: the joiner is seated, then refunded by the close", async () => {
    const [creator, joiner] = [await newPlayer(t, { balance: "10.00" }), await newPlayer(t, { balance: "10.00" })];
    const roomId = await openRoom(t, creator);
    const [joined, closed] = await inOrder(t, { table: "rooms", id: roomId }, [() => join(t, joiner, roomId), () => close(t, roomId)]);
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body.data).toMatchObject({ status: "waiting", current_players: 2 });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data.room).toMatchObject({ status: "finished", current_players: 2 });
    expect(closed.body.data.refunds.map((r: { player_id: string }) => r.player_id)).toEqual(byId(creator, joiner));
    expect((await ledgerOf(t, joiner.id)).map((r) => r.kind)).toEqual(["refund", "debit", "deposit"]);
    for (const p of [creator, joiner]) await expectReturnedOnce(t, p, "10.00");
  });

  it("close first: the join is refused and takes nothing", async () => {
    const [creator, joiner] = [await newPlayer(t, { balance: "10.00" }), await newPlayer(t, { balance: "10.00" })];
    const roomId = await openRoom(t, creator);
    const [closed, joined] = await inOrder(t, { table: "rooms", id: roomId }, [() => close(t, roomId), () => join(t, joiner, roomId)]);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data.room).toMatchObject({ status: "finished", current_players: 1 });
    expect(closed.body.data.refunds.map((r: { player_id: string }) => r.player_id)).toEqual([creator.id]);
    expectError(joined, 409, "room_not_waiting");
    expect((await ledgerOf(t, joiner.id)).map((r) => r.kind)).toEqual(["deposit"]);
    for (const p of [creator, joiner]) await expectReturnedOnce(t, p, "10.00");
  });
});

describe.each(targets)("$name: one transfer_id credited to two players", (t) => {
  const credit = (body: ReturnType<typeof creditBody>, p: Player) => callWallet(t, "credit", { ...body, player_id: p.id });

  /** The first player's credit commits before the second's is decided. */
  async function creditInOrder(body: ReturnType<typeof creditBody>, first: Player, second: Player) {
    // The embedded database serializes everything in the server's process: no lock can be held from here.
    if (!t.databaseUrl) return [await credit(body, first), await credit(body, second)];
    // The second credit is sent first and waits on its player's row while the first one commits.
    const lock = await holdRow(t.databaseUrl, "players", second.id);
    const late = credit(body, second);
    late.catch(() => {}); // awaited below
    let early: Awaited<typeof late>;
    try {
      await lock.queued(1, late);
      early = await credit(body, first);
    } finally {
      await lock.release();
    }
    return [early, await late];
  }

  it.each([0, 1])("credits it to the player whose credit commits first (player %i) and refuses the other, who keeps their balance", async (winner) => {
    const players = [await newPlayer(t, { balance: "1.00" }), await newPlayer(t, { balance: "1.00" })];
    const [first, second] = [players[winner]!, players[1 - winner]!];
    const body = creditBody(first.id, { amount: "5.00" });
    const [early, late] = await creditInOrder(body, first, second);
    expect(early!.body).toMatchObject({ status_code: "OK", balance: "6.00" });
    expect(late!.body).toMatchObject({ status_code: "ERR_DUPLICATE_TRANSFER", balance: "1.00" });
    expect(await balanceOf(t, first.token)).toBe("6.00");
    expect(await balanceOf(t, second.token)).toBe("1.00");
    expect((await ledgerOf(t, first.id)).filter((r) => r.transfer_id === body.transfer_id)).toEqual([
      expect.objectContaining({ kind: "credit", casino_transfer_id: early!.body.casino_transfer_id }),
    ]);
    expect((await ledgerOf(t, second.id)).map((r) => r.kind)).toEqual(["deposit"]);
  });

  it("credits it once when four players' credits come at once: one OK, three refused", async () => {
    for (let round = 0; round < 5; round++) {
      const players = await Promise.all(Array.from({ length: 4 }, () => newPlayer(t, { balance: "1.00" })));
      const body = creditBody(players[0]!.id, { amount: "5.00" });
      const answers = await Promise.all(players.map((p) => credit(body, p)));
      const codes = answers.map((a) => a.body.status_code);
      expect([...codes].sort(), codes.join(", ")).toEqual(["ERR_DUPLICATE_TRANSFER", "ERR_DUPLICATE_TRANSFER", "ERR_DUPLICATE_TRANSFER", "OK"]);
      const credited = players[codes.indexOf("OK")]!;
      const balances = await Promise.all(players.map((p) => balanceOf(t, p.token)));
      expect(balances).toEqual(players.map((p) => (p === credited ? "6.00" : "1.00")));
      expect((await ledgerOf(t, credited.id)).filter((r) => r.transfer_id === body.transfer_id)).toHaveLength(1);
    }
  });
});

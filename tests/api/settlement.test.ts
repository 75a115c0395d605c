import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { get, newPlayer, post, targets } from "./helpers";
import type { Target } from "./global-setup";
import { TEST_MAX_CREDIT } from "./global-setup";
import { balanceOf, callWallet, creditBody, ledgerOf, refundBody } from "./wallet-helpers";
import { scrape } from "./log-helpers";

// The double-entry ledger at the edges of a round: its pot settling when it completes, and the risk
// limits on what the platform may pay or return (docs/wallet.md, "Settlement" and "Risk limits").

type Player = Awaited<ReturnType<typeof newPlayer>>;

/** A room of `seats` seats at `rake` % that every player joins, in order: full, it plays. */
async function playedRoom(t: Target, players: Player[], { bet = "2.50", rake = 5, seats = players.length } = {}) {
  const [creator, ...joiners] = players;
  const made = await post(t, "/v1/rooms", { name: "settled", bet_amount: bet, currency: creator!.currency, player_limit: seats, turn: 10, rake_percentage: rake }, { token: creator!.token });
  if (made.status !== 200) throw new Error(`Could not create a room: ${JSON.stringify(made.body)}`);
  for (const p of joiners) expect((await post(t, `/v1/rooms/${made.body.data.id}/join`, undefined, { token: p.token })).status).toBe(200);
  return made.body.data.id as string;
}

const adminRoom = async (t: Target, roomId: string) => (await get(t, `/v1/admin/rooms/${roomId}`, { admin: t.adminToken })).body.data;
const credit = (t: Target, p: Player, roomId: string, amount: string, fields: Record<string, unknown> = {}) =>
  callWallet(t, "credit", creditBody(p.id, { round_id: roomId, amount, currency: p.currency, ...fields }));

describe.each(targets)("$name: settlement and risk limits", (t) => {
  it("settles a completed round's pot: the rake, rounded down once, to the house; the rest to the platform, which pays the win", async () => {
    const players = [await newPlayer(t), await newPlayer(t), await newPlayer(t), await newPlayer(t)];
    // 4 × 1.25 = 5.00 at 3.5 %: 0.175, rounded down to 0.17; 4.83 to the platform.
    const roomId = await playedRoom(t, players, { bet: "1.25", rake: 3.5 });
    // No rake is recognised before the round completes.
    expect((await adminRoom(t, roomId)).room).toMatchObject({ status: "playing", pot: "5.00", rake: "0.00" });

    expect((await credit(t, players[0]!, roomId, "4.83", { round_completed: true })).body.status_code).toBe("OK");
    const { room, settlement } = await adminRoom(t, roomId);
    expect(room).toMatchObject({ status: "finished", pot: "0.00", rake: "0.17" });
    expect(settlement).toMatchObject({ pot: "5.00", rake: "0.17", to_platform: "4.83", wins_paid: "4.83", jackpot_wins: "0.00", imbalance: "0.00" });

    const ledger = (await get(t, `/v1/admin/rooms/${roomId}/ledger?limit=100`, { admin: t.adminToken })).body.data.ledger as Record<string, unknown>[];
    const pot = `pot:${roomId}`;
    expect(ledger.filter((r) => r.kind === "settlement").map((r) => [r.cause, r.from_account, r.to_account, r.amount, r.player_id]).sort()).toEqual([
      ["rake", pot, "house", "0.17", null],
      ["settlement", pot, "platform", "4.83", null],
    ]);
    expect(ledger.filter((r) => r.kind === "debit").every((r) => r.from_account === `player:${r.player_id}` && r.to_account === pot)).toBe(true);
    expect(ledger.find((r) => r.kind === "credit")).toMatchObject({ cause: "win", from_account: "platform", to_account: `player:${players[0]!.id}` });
  });

  it("recognises no rake for an idle room at 100 %: not on its row, the dashboard or the report", async () => {
    const currency = `R${randomBytes(4).toString("hex").toUpperCase()}`;
    const p = await newPlayer(t, { currency, balance: "100" });
    const made = await post(t, "/v1/rooms", { name: "idle", bet_amount: "50", currency, player_limit: 4, turn: 10, rake_percentage: 100 }, { token: p.token });
    expect((await adminRoom(t, made.body.data.id)).room).toMatchObject({ status: "waiting", pot: "50.00000000", rake: "0.00000000" });
    const today = (await get(t, "/v1/admin/dashboard", { admin: t.adminToken })).body.data.today.currencies.find((c: { currency: string }) => c.currency === currency);
    expect(today).toMatchObject({ bets: "50.00000000", rake: "0.00000000" });
    const day = new Date().toISOString().slice(0, 10);
    const report = (await get(t, `/v1/admin/reports/daily?from=${day}&to=${day}&currency=${currency}`, { admin: t.adminToken })).body.data.days[0];
    expect(report).toMatchObject({ bets: "50.00000000", rake: "0.00000000" });
  });

  it("follows a game_error refund that keeps the seat: the pot holds what is left", async () => {
    const [a, b] = [await newPlayer(t), await newPlayer(t)];
    const roomId = await playedRoom(t, [a, b], { bet: "2.00", rake: 5 });
    const bet = (await ledgerOf(t, b.id)).find((r) => r.kind === "debit")!;
    expect((await callWallet(t, "refund", refundBody(b.id, { transfer_id: bet.transfer_id, round_id: roomId, amount: "2.00", reason: "game_error" }))).body.status_code).toBe("OK");
    expect((await adminRoom(t, roomId)).room).toMatchObject({ status: "playing", current_players: 2, pot: "2.00", rake: "0.00" });
  });

  it("refuses a win of 5,000.00 in a finished round of 2 × 2.50, to a stranger and to its own winner", async () => {
    const [a, b, stranger] = [await newPlayer(t), await newPlayer(t), await newPlayer(t)];
    const roomId = await playedRoom(t, [a, b], { bet: "2.50", rake: 0 });
    expect((await credit(t, a, roomId, "5.00", { round_completed: true })).body.status_code).toBe("OK");
    expect((await credit(t, stranger, roomId, "5000.00")).body.status_code).toBe("ERR_INVALID_PLAYER_ID");
    expect((await credit(t, a, roomId, "5000.00")).body.status_code).toBe("ERR_AMOUNT_MISMATCH");
    expect([await balanceOf(t, stranger.token), await balanceOf(t, a.token)]).toEqual(["100.00", "102.50"]);
  });

  it("shows a round whose wins fall short of its platform share as an imbalance", async () => {
    const players = [await newPlayer(t), await newPlayer(t)];
    const roomId = await playedRoom(t, players, { bet: "2.00", rake: 10 });
    expect((await credit(t, players[1]!, roomId, "3.00", { round_completed: true })).body.status_code).toBe("OK");
    // Pot 4.00, rake 0.40, 3.60 to the platform, of which it paid 3.00.
    expect((await adminRoom(t, roomId)).settlement).toMatchObject({ to_platform: "3.60", wins_paid: "3.00", imbalance: "-0.60" });
  });

  it("refuses a win to a player who placed no bet in the round, and one past the pot less the rake; nothing moves", async () => {
    const [a, b, outsider] = [await newPlayer(t), await newPlayer(t), await newPlayer(t)];
    const roomId = await playedRoom(t, [a, b], { bet: "2.50", rake: 5 });
    // Pot 5.00, rake 0.25: the round may pay 4.75.
    const stranger = await credit(t, outsider, roomId, "1.00");
    expect(stranger.body).toMatchObject({ status_code: "ERR_INVALID_PLAYER_ID", message: `The player placed no bet in round ${roomId}: only its players can win it.`, balance: "100.00" });
    expect((await credit(t, a, roomId, "4.00")).body.status_code).toBe("OK");
    const over = await credit(t, b, roomId, "0.76", { round_completed: true });
    expect(over.body).toMatchObject({ status_code: "ERR_AMOUNT_MISMATCH", balance: "97.50" });
    expect(over.body.message).toContain("can pay at most 4.75 USD");
    // The same call again: the same definitive refusal.
    expect((await callWallet(t, "credit", { ...creditBody(b.id), round_id: roomId, amount: "0.76", currency: "USD", round_completed: true })).body.status_code).toBe("ERR_AMOUNT_MISMATCH");
    expect([await balanceOf(t, outsider.token), await balanceOf(t, b.token)]).toEqual(["100.00", "97.50"]);
    expect((await adminRoom(t, roomId)).room).toMatchObject({ status: "playing", pot: "5.00" });
    // What is left fits, and completes the round.
    expect((await credit(t, b, roomId, "0.75", { round_completed: true })).body.status_code).toBe("OK");
    expect((await adminRoom(t, roomId)).settlement).toMatchObject({ wins_paid: "4.75", imbalance: "0.00" });
  });

  it("refuses the platform's refund of a bet whose round has paid wins its pot would no longer cover", async () => {
    const [a, b] = [await newPlayer(t), await newPlayer(t)];
    const roomId = await playedRoom(t, [a, b], { bet: "2.50", rake: 5 });
    // Pot 5.00, rake 0.25: a win of 4.00 mid-round fits. Without b's bet the pot would hold 2.50, less 0.12.
    expect((await credit(t, a, roomId, "4.00")).body.status_code).toBe("OK");
    const bet = (await ledgerOf(t, b.id)).find((r) => r.kind === "debit")!;
    const refund = await callWallet(t, "refund", refundBody(b.id, { transfer_id: bet.transfer_id, round_id: roomId, amount: "2.50", reason: "game_error" }));
    expect(refund.body).toMatchObject({
      status_code: "ERR_AMOUNT_MISMATCH",
      message: `Round ${roomId} has paid wins of 4.00 USD; without this bet its pot, less the rake, plus declared jackpot wins, would hold only 2.38 USD.`,
      balance: "97.50",
    });
    expect((await adminRoom(t, roomId)).room).toMatchObject({ status: "playing", pot: "5.00" });
  });

  it("lets declared jackpot wins raise what a round may pay", async () => {
    const [a, b] = [await newPlayer(t), await newPlayer(t)];
    const roomId = await playedRoom(t, [a, b], { bet: "1.00", rake: 0 });
    expect((await credit(t, a, roomId, "52.00", { jackpot_wins: "50.00", round_completed: true })).body.status_code).toBe("OK");
    expect((await adminRoom(t, roomId)).settlement).toMatchObject({ to_platform: "2.00", jackpot_wins: "50.00", wins_paid: "52.00", imbalance: "0.00" });
  });

  it("pays two simultaneous wins only while the pot less the rake holds them: one of two that do not both fit", async () => {
    const [a, b] = [await newPlayer(t), await newPlayer(t)];
    const roomId = await playedRoom(t, [a, b], { bet: "5.00", rake: 0 });
    const answers = await Promise.all([credit(t, a, roomId, "6.00"), credit(t, b, roomId, "6.00")]);
    expect(answers.map((r) => r.body.status_code).sort()).toEqual(["ERR_AMOUNT_MISMATCH", "OK"]);
    const balances = [await balanceOf(t, a.token), await balanceOf(t, b.token)].sort();
    expect(balances).toEqual(["101.00", "95.00"]);
  });

  it("caps every credit at WALLET_MAX_CREDIT, a round of the platform's other games too, and counts each limit's refusals", async () => {
    const p = await newPlayer(t);
    const over = await callWallet(t, "credit", creditBody(p.id, { amount: "1000000.01" }));
    expect(over.body).toMatchObject({ status_code: "ERR_AMOUNT_MISMATCH", message: `The credit of 1000000.01 USD is more than the most one credit may pay, ${TEST_MAX_CREDIT}.00 USD.` });
    // A round of another game: not a lobby room, so only the cap applies.
    expect((await callWallet(t, "credit", creditBody(p.id, { amount: TEST_MAX_CREDIT }))).body.status_code).toBe("OK");
    expect(await balanceOf(t, p.token)).toBe("1000100.00");
    const metrics = await scrape(t);
    expect(metrics).toMatch(/lobby_wallet_limit_refusals_total\{endpoint="credit",limit="max_credit"\} [1-9]/);
  });

  it("refuses to refund a bet once its round has completed, and a room closed or refunded has pot 0 and rake 0", async () => {
    const [a, b] = [await newPlayer(t), await newPlayer(t)];
    const played = await playedRoom(t, [a, b], { bet: "2.00", rake: 5 });
    expect((await credit(t, a, played, "3.80", { round_completed: true })).body.status_code).toBe("OK");
    const bet = (await ledgerOf(t, b.id)).find((r) => r.kind === "debit" && r.round_id === played)!;
    const late = await callWallet(t, "refund", refundBody(b.id, { transfer_id: bet.transfer_id, round_id: played, amount: "2.00", reason: "game_error" }));
    expect(late.body).toMatchObject({ status_code: "ERR_TRANSFER_DOES_NOT_EXIST", message: `Round ${played} has completed and its pot settled: its bets can no longer be refunded, not even to be paid again.`, balance: "98.00" });

    const [c, d] = [await newPlayer(t), await newPlayer(t)];
    const closed = await playedRoom(t, [c, d], { bet: "2.00", rake: 5 });
    expect((await post(t, `/v1/admin/rooms/${closed}/close`, { reason: "test" }, { admin: t.adminToken })).status).toBe(200);
    expect(await adminRoom(t, closed)).toMatchObject({ room: { status: "finished", pot: "0.00", rake: "0.00" }, settlement: null });
  });

  it("tells a platform refund as the platform's, whatever its reference_id says", async () => {
    const [a, b] = [await newPlayer(t), await newPlayer(t)];
    const roomId = await playedRoom(t, [a, b, await newPlayer(t)], { seats: 4 });
    const bet = (await ledgerOf(t, b.id)).find((r) => r.kind === "debit")!;
    expect((await callWallet(t, "refund", refundBody(b.id, { transfer_id: bet.transfer_id, round_id: roomId, amount: "2.50", reference_id: `close-${Date.now()}` }))).body.status_code).toBe("OK");
    const [refund] = (await get(t, "/v1/player/transactions", { token: b.token })).body.data.transactions;
    expect(refund).toMatchObject({ kind: "refund", cause: "platform_refund" });
    expect((await ledgerOf(t, b.id))[0]).toMatchObject({ cause: "platform_refund", from_account: `pot:${roomId}`, to_account: `player:${b.id}` });
  });
});

import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { expectError, get, newPlayer, post, targets } from "./helpers";

// Idempotency-Key on the money actions of the lobby (lib/idempotency/once.ts): a repeat answers the
// first result and moves no money again. Expiry after 24 hours: lib/idempotency/once.test.ts.

const body = { name: "Keyed table", bet_amount: 2.5, currency: "USD", player_limit: 4, turn: 30 };
const keyed = (token: string, key: string) => ({ token, headers: { "idempotency-key": key } });
const balanceOf = async (t: (typeof targets)[number], token: string) => (await get(t, "/v1/player/balance", { token })).body.data.balance;

describe.each(targets)("$name: Idempotency-Key", (t) => {
  it("a repeated create answers the first room, with its X-Lobby-Write, and takes one bet", async () => {
    const player = await newPlayer(t);
    const key = randomUUID();
    const first = await post(t, "/v1/rooms", body, keyed(player.token, key));
    const again = await post(t, "/v1/rooms", body, keyed(player.token, key));
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("x-lobby-write")).toBe(first.headers.get("x-lobby-write"));
    expect(await balanceOf(t, player.token)).toBe("97.50");
    const mine = await get(t, "/v1/rooms", { token: player.token });
    expect(mine.body.data.active_rooms.map((r: { id: string }) => r.id)).toEqual([first.body.data.id]);
  });

  it("a repeated join answers its first result instead of already_seated, and a repeated leave refunds once", async () => {
    const [host, guest] = [await newPlayer(t), await newPlayer(t)];
    const room = (await post(t, "/v1/rooms", body, { token: host.token })).body.data;
    const joinKey = randomUUID();
    const joined = await post(t, `/v1/rooms/${room.id}/join`, undefined, keyed(guest.token, joinKey));
    const joinedAgain = await post(t, `/v1/rooms/${room.id}/join`, undefined, keyed(guest.token, joinKey));
    expect(joined.status).toBe(200);
    expect(joinedAgain.body).toEqual(joined.body);
    expect(joinedAgain.body.data.current_players).toBe(2);
    expect(await balanceOf(t, guest.token)).toBe("97.50");
    // Without a key, a second join is a new action, and refused.
    expectError(await post(t, `/v1/rooms/${room.id}/join`, undefined, { token: guest.token }), 409, "already_seated");

    const leaveKey = randomUUID();
    const left = await post(t, `/v1/rooms/${room.id}/leave`, undefined, keyed(guest.token, leaveKey));
    const leftAgain = await post(t, `/v1/rooms/${room.id}/leave`, undefined, keyed(guest.token, leaveKey));
    expect(left.status).toBe(200);
    expect(leftAgain.body).toEqual(left.body);
    expect(await balanceOf(t, guest.token)).toBe("100.00");
    const ledger = await get(t, "/v1/player/transactions", { token: guest.token });
    expect(ledger.body.data.transactions.filter((m: { room: { id: string } | null }) => m.room?.id === room.id)).toHaveLength(2);
  });

  it("two concurrent repeats make one room and take one bet, and both answer it", async () => {
    const player = await newPlayer(t);
    const key = randomUUID();
    const answers = await Promise.all([post(t, "/v1/rooms", body, keyed(player.token, key)), post(t, "/v1/rooms", body, keyed(player.token, key))]);
    for (const a of answers) expect(a.status).toBe(200);
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    expect(await balanceOf(t, player.token)).toBe("97.50");
  });

  it("two concurrent repeats of a join take the seat and the bet once", async () => {
    const [host, guest] = [await newPlayer(t), await newPlayer(t)];
    const room = (await post(t, "/v1/rooms", body, { token: host.token })).body.data;
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => post(t, `/v1/rooms/${room.id}/join`, undefined, keyed(guest.token, key))));
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    expect(answers[0]!.body.data.current_players).toBe(2);
    expect(await balanceOf(t, guest.token)).toBe("97.50");
  });

  it("a key used again for another request is refused with 422, and nothing moves", async () => {
    const player = await newPlayer(t);
    const key = randomUUID();
    const room = (await post(t, "/v1/rooms", body, keyed(player.token, key))).body.data;
    expectError(await post(t, "/v1/rooms", { ...body, bet_amount: 3 }, keyed(player.token, key)), 422, "idempotency_key_reused");
    expectError(await post(t, `/v1/rooms/${room.id}/leave`, undefined, keyed(player.token, key)), 422, "idempotency_key_reused");
    expect(await balanceOf(t, player.token)).toBe("97.50");
    expect((await get(t, `/v1/rooms/${room.id}`, { token: player.token })).body.data.current_players).toBe(1);
  });

  it("keys are the player's own: another player's same key is a new action", async () => {
    const [a, b] = [await newPlayer(t), await newPlayer(t)];
    const key = randomUUID();
    const first = await post(t, "/v1/rooms", body, keyed(a.token, key));
    const second = await post(t, "/v1/rooms", body, keyed(b.token, key));
    expect(second.status).toBe(200);
    expect(second.body.data.id).not.toBe(first.body.data.id);
  });

  it("a failed action keeps no key: the same key then serves another request", async () => {
    const [host, guest] = [await newPlayer(t), await newPlayer(t, { balance: "1.00" })];
    const room = (await post(t, "/v1/rooms", body, { token: host.token })).body.data;
    const key = randomUUID();
    expectError(await post(t, `/v1/rooms/${room.id}/join`, undefined, keyed(guest.token, key)), 409, "insufficient_funds");
    const other = await post(t, "/v1/rooms", { ...body, bet_amount: 0.5 }, keyed(guest.token, key));
    expect(other.status).toBe(200);
    expect(await balanceOf(t, guest.token)).toBe("0.50");
  });

  it.each([
    ["empty", ""],
    ["too long", "k".repeat(256)],
    ["with a space", "two words"],
  ])("a key %s is refused with 400 and names the header", async (_, key) => {
    const player = await newPlayer(t);
    const answer = await post(t, "/v1/rooms", body, keyed(player.token, key));
    expectError(answer, 400, "validation_failed");
    expect(answer.body.errors).toEqual([{ path: "Idempotency-Key", message: expect.stringContaining("255") }]);
    expect(await balanceOf(t, player.token)).toBe("100.00");
  });
});

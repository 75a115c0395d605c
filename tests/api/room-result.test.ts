import { describe, expect, it } from "vitest";
import { expectError, get, newPlayer, post, targets } from "./helpers";
import { callWallet, creditBody } from "./wallet-helpers";

describe.each(targets)("$name: GET /v1/rooms/{room_id}/result", (t) => {
  it("gives each player's bet, payout from the round's credits, refunds and net; final once finished", async () => {
    const a = await newPlayer(t);
    const b = await newPlayer(t);
    const made = await post(t, "/v1/rooms", { name: "Result table", bet_amount: "2.00", currency: "USD", player_limit: 2, turn: 10 }, { token: a.token });
    const roomId = made.body.data.id as string;
    expect((await post(t, `/v1/rooms/${roomId}/join`, undefined, { token: b.token })).body.data.status).toBe("playing");

    const during = await get(t, `/v1/rooms/${roomId}/result`, { token: a.token });
    expect(during.status).toBe(200);
    expect(during.body.data).toMatchObject({ room_id: roomId, status: "playing", final: false, currency: "USD" });

    const win = await callWallet(t, "credit", creditBody(b.id, { round_id: roomId, amount: "3.80", round_completed: true }));
    expect(win.body.status_code).toBe("OK");
    const other = await callWallet(t, "credit", creditBody(b.id, { round_id: "another-round", amount: "50.00" }));
    expect(other.body.status_code).toBe("OK");

    const after = await get(t, `/v1/rooms/${roomId}/result`, { token: b.token });
    expect(after.body.data).toEqual({
      room_id: roomId,
      status: "finished",
      final: true,
      currency: "USD",
      players: [
        { player_id: a.id, name: a.username, bet: "2.00", won: "0.00", refunded: "0.00", net: "-2.00" },
        { player_id: b.id, name: b.username, bet: "2.00", won: "3.80", refunded: "0.00", net: "1.80" },
      ],
    });
  });

  it("counts a left player's bet as refunded", async () => {
    const a = await newPlayer(t);
    const made = await post(t, "/v1/rooms", { name: "Left", bet_amount: "1.50", currency: "USD", player_limit: 4, turn: 10 }, { token: a.token });
    await post(t, `/v1/rooms/${made.body.data.id}/leave`, undefined, { token: a.token });
    const result = await get(t, `/v1/rooms/${made.body.data.id}/result`, { token: a.token });
    expect(result.body.data.players).toEqual([{ player_id: a.id, name: a.username, bet: "1.50", won: "0.00", refunded: "1.50", net: "0.00" }]);
  });

  it("answers 404 for an unknown room", async () => {
    const a = await newPlayer(t);
    expectError(await get(t, "/v1/rooms/00000000-0000-4000-8000-000000000000/result", { token: a.token }), 404, "room_not_found");
    expectError(await get(t, "/v1/rooms/nope/result", { token: a.token }), 404, "room_not_found");
  });
});

import { describe, expect, it } from "vitest";
import { fixtureRooms } from "./fixture";
import { expectError, get, newPlayer, targets } from "./helpers";

describe.each(targets)("$name: GET /v1/rooms/{room_id}", (t) => {
  it("answers the room with its seated players and when each joined", async () => {
    const { token } = await newPlayer(t);
    const source = fixtureRooms.find((r) => r.status === "waiting" && r.playerLimit === 4 && r.seats.length === 3)!;
    const answer = await get(t, `/v1/rooms/${source.id}`, { token });
    expect(answer.status).toBe(200);
    expect(answer.body.type).toBe("success");
    expect(answer.body.data).toMatchObject({
      id: source.id,
      name: source.name,
      bet_amount: Number(source.betAmount),
      currency: source.currency,
      current_players: 3,
      max_players: 4,
      player_limit: 4,
      status: "waiting",
      is_joinable: true,
    });
    expect(answer.body.data.players).toEqual(
      source.seats.map((s, n) => ({ id: s.playerId, name: `fixture_player_${n + 1}`, joined_at: s.joinedAt.toISOString() })),
    );
  });

  it("a full or finished room is not joinable", async () => {
    const { token } = await newPlayer(t);
    for (const source of [fixtureRooms.find((r) => r.status === "playing")!, fixtureRooms.find((r) => r.status === "finished")!]) {
      const answer = await get(t, `/v1/rooms/${source.id}`, { token });
      expect(answer.body.data).toMatchObject({ status: source.status, is_joinable: false });
    }
  });

  it.each(["00000000-0000-4000-9000-ffffffffffff", "nope", "a%00b", "x".repeat(65), "%E2%9C%93"])("404 room_not_found for %s", async (id) => {
    const { token } = await newPlayer(t);
    expectError(await get(t, `/v1/rooms/${id}`, { token }), 404, "room_not_found");
  });
});

import { describe, expect, it } from "vitest";
import { expectError, get, newPlayer, post, targets } from "./helpers";

const valid = { name: "Friday table", bet_amount: 1.5, currency: "USD", player_limit: 2, turn: 30 };

const ROOM_KEYS = [
  "bet_amount", "created_at", "currency", "current_players", "id", "is_incremental", "is_joinable", "max_players",
  "name", "player_limit", "players", "rake_percentage", "status", "time_bank", "turn", "updated_at", "url",
].sort();

describe.each(targets)("$name: POST /v1/rooms", (t) => {
  it("creates a waiting room with its creator seated, in the success envelope", async () => {
    const player = await newPlayer(t);
    const answer = await post(t, "/v1/rooms", { ...valid, time_bank: 45, is_incremental: true, rake_percentage: 2.5 }, { token: player.token });
    expect(answer.status).toBe(200);
    expect(answer.body.type).toBe("success");
    expect(answer.body.status).toBe(200);
    const room = answer.body.data;
    expect(Object.keys(room).sort()).toEqual(ROOM_KEYS);
    expect(room).toMatchObject({
      name: "Friday table",
      bet_amount: 1.5,
      currency: "USD",
      current_players: 1,
      max_players: 2,
      player_limit: 2,
      status: "waiting",
      is_joinable: true,
      is_incremental: true,
      rake_percentage: 2.5,
      time_bank: 45,
      turn: 30,
      url: `${t.baseUrl}/rooms/${room.id}`,
    });
    expect(room.players).toEqual([{ id: player.id, name: player.username, joined_at: expect.any(String) }]);
    expect(Date.parse(room.created_at)).not.toBeNaN();

    const details = await get(t, `/v1/rooms/${room.id}`, { token: player.token });
    expect(details.body.data).toEqual(room);
  });

  it("fills in the optional fields' defaults", async () => {
    const player = await newPlayer(t);
    const { body } = await post(t, "/v1/rooms", valid, { token: player.token });
    expect(body.data).toMatchObject({ time_bank: 0, is_incremental: false, rake_percentage: 0 });
  });

  it("keeps money exact: a bet given as a decimal string is stored and shown as given", async () => {
    const player = await newPlayer(t);
    const { body } = await post(t, "/v1/rooms", { ...valid, bet_amount: "0.10" }, { token: player.token });
    expect(body.data.bet_amount).toBe(0.1);
  });

  // Boundaries of every constraint in the spec's section 8; each row is one field changed from a valid body.
  it.each([
    ["name", "x", 200],
    ["name", "n".repeat(50), 200],
    ["name", "n".repeat(51), 400],
    ["name", "", 400],
    ["name", "   ", 400],
    ["name", "bad\u0000name", 400],
    ["name", 42, 400],
    ["bet_amount", 0.01, 200],
    ["bet_amount", 0.009, 400],
    ["bet_amount", 0, 400],
    ["bet_amount", -5, 400],
    ["bet_amount", 1.005, 400],
    ["bet_amount", "1e2", 400],
    ["bet_amount", "1,00", 400],
    ["bet_amount", " 1", 400],
    ["bet_amount", 1e12, 400],
    ["bet_amount", null, 400],
    ["bet_amount", true, 400],
    ["player_limit", 4, 200],
    ["player_limit", 3, 400],
    ["player_limit", "2", 400],
    ["turn", 1, 200],
    ["turn", 0, 400],
    ["turn", 1.5, 400],
    ["turn", 86_400, 200],
    ["turn", 86_401, 400],
    ["time_bank", 0, 200],
    ["time_bank", 30, 200],
    ["time_bank", 45, 200],
    ["time_bank", 60, 200],
    ["time_bank", 90, 200],
    ["time_bank", 15, 400],
    ["is_incremental", true, 200],
    ["is_incremental", "yes", 400],
    ["rake_percentage", 0, 200],
    ["rake_percentage", 100, 200],
    ["rake_percentage", 12.25, 200],
    ["rake_percentage", 100.01, 400],
    ["rake_percentage", -0.01, 400],
    ["rake_percentage", 1.125, 400],
  ])("%s = %j answers %i", async (field, value, status) => {
    const player = await newPlayer(t);
    const answer = await post(t, "/v1/rooms", { ...valid, [field]: value }, { token: player.token });
    if (status === 200) {
      expect(answer.status).toBe(200);
      expect(answer.body.data[field]).toEqual(typeof value === "string" ? value.trim() : value);
    } else {
      expectError(answer, 400, "validation_failed");
      expect(answer.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    }
  });

  it.each([["name"], ["bet_amount"], ["currency"], ["player_limit"], ["turn"]])("400 when the required %s is missing", async (field) => {
    const player = await newPlayer(t);
    const { [field as keyof typeof valid]: _, ...rest } = valid;
    const answer = await post(t, "/v1/rooms", rest, { token: player.token });
    expectError(answer, 400, "validation_failed");
    expect(answer.body.errors).toContainEqual({ path: field, message: "is required" });
  });

  it("currency: 10 characters is accepted, 11 refused, lower case read as upper", async () => {
    const ten = await newPlayer(t, { currency: "TENLETTERS" });
    expect((await post(t, "/v1/rooms", { ...valid, currency: "tenletters" }, { token: ten.token })).body.data.currency).toBe("TENLETTERS");
    const answer = await post(t, "/v1/rooms", { ...valid, currency: "ELEVENCHARS" }, { token: ten.token });
    expectError(answer, 400, "validation_failed");
    expect(answer.body.errors[0].path).toBe("currency");
  });

  it("refuses a bet with more decimals than the currency has", async () => {
    const yen = await newPlayer(t, { currency: "JPY", balance: "1000" });
    const answer = await post(t, "/v1/rooms", { ...valid, currency: "JPY", bet_amount: 1.5 }, { token: yen.token });
    expectError(answer, 400, "validation_failed");
    expect(answer.body.errors).toEqual([{ path: "bet_amount", message: "must be a whole number in JPY" }]);
  });

  it("409 currency_mismatch for a room in another currency than the player's", async () => {
    const player = await newPlayer(t, { currency: "EUR" });
    expectError(await post(t, "/v1/rooms", valid, { token: player.token }), 409, "currency_mismatch");
  });

  it("names unknown fields", async () => {
    const player = await newPlayer(t);
    const answer = await post(t, "/v1/rooms", { ...valid, max_players: 4 }, { token: player.token });
    expectError(answer, 400, "validation_failed");
    expect(answer.body.errors).toEqual([{ path: "max_players", message: "is not a known field" }]);
  });

  it.each([
    ["malformed JSON", "{\"name\": ", "application/json", 400, "invalid_json"],
    ["a JSON array", "[1,2]", "application/json", 400, "validation_failed"],
    ["JSON null", "null", "application/json", 400, "validation_failed"],
    ["a form body", "name=x", "application/x-www-form-urlencoded", 415, "unsupported_media_type"],
    ["a body over 64 KiB", JSON.stringify({ name: "x".repeat(70_000) }), "application/json", 413, "payload_too_large"],
  ])("answers %s with %i %s", async (_, raw, type, status, code) => {
    const player = await newPlayer(t);
    expectError(await post(t, "/v1/rooms", undefined, { raw, token: player.token, headers: { "content-type": type } }), status, code);
  });

  it("answers an empty body with the list of required fields", async () => {
    const player = await newPlayer(t);
    const answer = await post(t, "/v1/rooms", undefined, { token: player.token });
    expectError(answer, 400, "validation_failed");
    expect(answer.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(["bet_amount", "currency", "name", "player_limit", "turn"]);
  });

  it("a refused room leaves nothing behind", async () => {
    const player = await newPlayer(t);
    await post(t, "/v1/rooms", { ...valid, player_limit: 3 }, { token: player.token });
    const list = await get(t, "/v1/rooms?status=waiting&limit=100", { token: player.token });
    expect(list.body.data.active_rooms).toEqual([]);
  });
});

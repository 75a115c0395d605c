import { describe, expect, it } from "vitest";
import { CreateRoomInput, ListRoomsQuery } from "./schemas";

const valid = { name: "  Friday  ", bet_amount: 0.1, currency: "usd", player_limit: 4, turn: 15 };

describe("CreateRoomInput", () => {
  it("normalises what it accepts: trimmed name, upper-case currency, exact bet, defaults", () => {
    const room = CreateRoomInput.parse(valid);
    expect(room).toMatchObject({ name: "Friday", currency: "USD", player_limit: 4, turn: 15, time_bank: 0, is_incremental: false, rake_percentage: 0 });
    expect(room.bet_amount.toFixed()).toBe("0.1");
  });

  it("counts characters, not UTF-16 units: 50 emoji are a valid name", () => {
    expect(CreateRoomInput.safeParse({ ...valid, name: "🎲".repeat(50) }).success).toBe(true);
    expect(CreateRoomInput.safeParse({ ...valid, name: "🎲".repeat(51) }).success).toBe(false);
  });

  it("accepts a bet as a decimal string, and refuses one with a sign or exponent", () => {
    expect(CreateRoomInput.parse({ ...valid, bet_amount: "12.50" }).bet_amount.toFixed(2)).toBe("12.50");
    for (const bad of ["+1", "-1", "1e2", "1.", ".5", "NaN", "Infinity", ""]) {
      expect(CreateRoomInput.safeParse({ ...valid, bet_amount: bad }).success, bad).toBe(false);
    }
  });

  it("reports each problem once, with its path", () => {
    const result = CreateRoomInput.safeParse({ ...valid, bet_amount: -1, player_limit: 3 });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join("."))).toEqual(["bet_amount", "player_limit"]);
  });
});

describe("ListRoomsQuery", () => {
  it("reads numbers from text and fills the defaults", () => {
    const q = ListRoomsQuery.parse({ player_limit: "2", min_bet_amount: "0.5" });
    expect(q).toMatchObject({ player_limit: 2, page: 1, limit: 20 });
    expect(q.min_bet_amount!.toFixed()).toBe("0.5");
  });

  it("refuses a range whose minimum is over its maximum, and accepts equal bounds", () => {
    expect(ListRoomsQuery.safeParse({ min_bet_amount: "2", max_bet_amount: "1" }).success).toBe(false);
    expect(ListRoomsQuery.safeParse({ min_bet_amount: "1.0", max_bet_amount: "1" }).success).toBe(true);
  });

  it.each([
    [{ min_bet_amount: "abc", max_bet_amount: "5" }, ["min_bet_amount"]],
    [{ min_bet_amount: "1", max_bet_amount: "x" }, ["max_bet_amount"]],
    [{ min_bet_amount: "-1", max_bet_amount: "1e3" }, ["min_bet_amount", "max_bet_amount"]],
  ])("names a bound that does not parse, without comparing it: %j", (query, fields) => {
    const result = ListRoomsQuery.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join("."))).toEqual(fields);
  });
});

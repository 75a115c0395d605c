import { describe, expect, it } from "vitest";
import { admit, classify, roleRefusal, Tally } from "./front-door";
import { CallerRates } from "./caller-rates";
import { StreamOpens } from "./stream-opens";

const settings = {
  live: { perPlayer: 2, perInstance: 3, retryAfterSeconds: 5, opensPerSecond: 100, processes: 0 },
  lobby: { readsInFlight: 100, readsPerPlayer: 2, readRatePerPlayer: 3, shedDelayMs: 1e9, retryAfterSeconds: 2 },
};
const newDoor = (opensPerSecond = 100) => ({
  streams: new Tally(),
  readsByCaller: new Tally(),
  readRates: new CallerRates({ perSecond: 3, burst: 6 }, 0),
  opens: new StreamOpens({ perSecond: opensPerSecond, longestWaitSeconds: 30 }, 0),
});

describe("classify", () => {
  it.each([
    ["GET", "/v1/events", "stream", "/v1/events"],
    ["GET", "/v1/admin/events?x=1", "stream", "/v1/admin/events"],
    ["GET", "/v1/rooms?status=waiting", "read", "/v1/rooms"],
    ["GET", "/v1/rooms/abc", "read", "/v1/rooms/{room_id}"],
    ["GET", "/v1/rooms/abc/result", "read", "/v1/rooms/{room_id}/result"],
    ["GET", "/v1/player/balance", "read", "/v1/player/balance"],
  ])("%s %s is a %s of %s", (method, url, kind, route) => {
    expect(classify(method, url)).toMatchObject({ kind, route });
  });

  it("hands the path's parameters over, decoded", () => {
    expect(classify("GET", "/v1/rooms/r%201/result?x=1")).toEqual({ kind: "read", route: "/v1/rooms/{room_id}/result", params: { room_id: "r 1" } });
    expect(classify("GET", "/v1/rooms")?.params).toEqual({});
  });

  it("hands the platform's signed calls on, for no decision but to their handlers", () => {
    expect(classify("POST", "/wallet/credit")).toEqual({ kind: "money", route: "/wallet/credit", params: {} });
    expect(classify("POST", "/wallet/refund")?.kind).toBe("money");
    expect(classify("GET", "/wallet/credit")).toBeUndefined();
  });

  it.each([
    ["POST", "/v1/rooms"],
    ["POST", "/v1/rooms/abc/join"],
    ["GET", "/v1/admin/rooms"],
    ["GET", "/v1/health"],
    ["GET", "/v1/rooms/"],
    ["GET", "/"],
  ])("lets %s %s pass untouched", (method, url) => {
    expect(classify(method, url)).toBeUndefined();
  });
});

describe("admit", () => {
  it("holds one caller to their streams, counted as they are admitted rather than once open", () => {
    const door = newDoor();
    const first = [admit(door, "stream", ["t1"], settings, 0), admit(door, "stream", ["t1"], settings, 0)];
    expect(first.every((p) => "release" in p)).toBe(true);
    const third = admit(door, "stream", ["t1"], settings, 0);
    expect("refused" in third && third.refused.message).toMatch(/At most 2 live update streams per player/);
    expect("release" in admit(door, "stream", ["t2"], settings, 0)).toBe(true);
    const full = admit(door, "stream", ["t3"], settings, 0);
    expect("refused" in full && full.refused.message).toMatch(/limit of 3/);
    if ("release" in first[0]!) first[0].release();
    expect("release" in admit(door, "stream", ["t1"], settings, 0)).toBe(true);
  });

  it("holds a player to one share across their tokens, and a token to its share as its player becomes known", () => {
    const door = newDoor();
    // Token a, before and after its player is known, then token b of the same player.
    const held = [admit(door, "read", ["token:a"], settings, 0), admit(door, "read", ["token:a", "player:p"], settings, 0)];
    expect(held.every((p) => "release" in p)).toBe(true);
    const again = admit(door, "read", ["token:a", "player:p"], settings, 0);
    expect("refused" in again && again.refused.message).toMatch(/At most 2 of one player's lobby reads are answered at once/);
    if ("release" in held[0]!) held[0].release();
    // Token a holds one now, as does its player: one more for either.
    expect("release" in admit(door, "read", ["token:b", "player:p"], settings, 0)).toBe(true);
    const past = admit(door, "read", ["token:b", "player:p"], settings, 0);
    expect("refused" in past).toBe(true);
    expect("release" in admit(door, "read", ["token:c"], settings, 0)).toBe(true);
  });

  it("admits stream opens at its rate and tells the rest when theirs is due", () => {
    const door = newDoor(2);
    const roomy = { ...settings, live: { ...settings.live, perInstance: 100, perPlayer: 100 } };
    const passages = Array.from({ length: 5 }, (_, i) => admit(door, "stream", [`t${i}`], roomy, 0));
    expect(passages.filter((p) => "release" in p)).toHaveLength(2);
    const waits = passages.flatMap((p) => ("refused" in p ? [p.refused.retryAfterSeconds] : []));
    expect(waits).toEqual([1, 1, 2]);
    expect(door.streams.size).toBe(2);
  });

  it("sends opens refused while the server runs behind to slots of the same schedule, not all to one moment", () => {
    const door = newDoor(2);
    const roomy = { ...settings, live: { ...settings.live, perInstance: 100, perPlayer: 100 } };
    const behind = { ...roomy, lobby: { ...roomy.lobby, shedDelayMs: 0 } };
    const refused = Array.from({ length: 5 }, (_, i) => admit(door, "stream", [`t${i}`], behind, 0));
    expect(refused.every((p) => "refused" in p && p.refused.code === "overloaded")).toBe(true);
    expect(refused.map((p) => ("refused" in p ? p.refused.retryAfterSeconds : 0))).toEqual([1, 1, 2, 2, 3]);
    expect("refused" in refused[0]! && refused[0].refused.message).toMatch(/runs 0 ms behind.*due in 1 s/);
    // Caught up: the bucket's own refusals take the slots after those.
    const after = Array.from({ length: 3 }, (_, i) => admit(door, "stream", [`u${i}`], roomy, 0));
    expect(after.map((p) => ("refused" in p ? p.refused.retryAfterSeconds : 0))).toEqual([0, 0, 3]);
  });

  it("answers a player's extra read with 429 while others' reads pass", () => {
    const door = newDoor();
    const held = [admit(door, "read", ["t1"], settings, 0), admit(door, "read", ["t1"], settings, 0)];
    const extra = admit(door, "read", ["t1"], settings, 0);
    expect("refused" in extra && extra.refused.code).toBe("too_many_requests");
    expect("release" in admit(door, "read", ["t2"], settings, 0)).toBe(true);
    held.forEach((p) => "release" in p && p.release());
    expect("release" in admit(door, "read", ["t1"], settings, 0)).toBe(true);
  });

  it("holds a player who reads again the moment each read is answered to their rate, and no one else", () => {
    const door = newDoor();
    const oneAtATime = (at: number) => {
      const passage = admit(door, "read", ["t1"], settings, at);
      if ("release" in passage) passage.release();
      return passage;
    };
    // The burst of twice the rate, then a refusal that says when to come back.
    expect(Array.from({ length: 6 }, () => "release" in oneAtATime(0))).toEqual([true, true, true, true, true, true]);
    const seventh = oneAtATime(0);
    expect("refused" in seventh && seventh.refused).toMatchObject({ code: "too_many_requests", retryAfterSeconds: 1 });
    expect("refused" in seventh && seventh.refused.message).toMatch(/At most 3 of one player's lobby reads a second/);
    expect("release" in admit(door, "read", ["t2"], settings, 0)).toBe(true);
    // A third of a second later, one more.
    expect("release" in oneAtATime(334)).toBe(true);
    expect("refused" in oneAtATime(334)).toBe(true);
  });

  it("counts a release once however often it is called", () => {
    const tally = new Tally();
    const release = tally.add(["t"]);
    release();
    release();
    expect(tally.size).toBe(0);
    expect(tally.countOf(["t"])).toBe(0);
  });
});

describe("roleRefusal", () => {
  it.each([
    ["all", "/v1/rooms", false],
    ["all", "/wallet/credit", false],
    ["wallet", "/wallet/credit", false],
    ["wallet", "/wallet/refund?x", false],
    ["wallet", "/v1", false],
    ["wallet", "/v1/ready", false],
    ["wallet", "/metrics", false],
    ["wallet", "/v1/rooms", true],
    ["wallet", "/", true],
    ["wallet", "/walletx", true],
    ["lobby", "/wallet/credit", true],
    ["lobby", "/v1/rooms", false],
    ["lobby", "/", false],
  ] as const)("an instance of role %s at %s refuses: %s", (role, url, refused) => {
    expect(roleRefusal(role, url) !== undefined).toBe(refused);
  });
});

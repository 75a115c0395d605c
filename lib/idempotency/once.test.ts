import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from "@/tests/support/test-database";
import { KEY_KEPT_HOURS, keyedRequest, once, type KeyedRequest } from "./once";

const asked = (key: string, what = "POST /v1/rooms", body: unknown = { bet: "2.50" }, playerId = "player-1"): KeyedRequest => {
  const [method, path] = what.split(" ");
  return keyedRequest(new Request(`http://lobby.test${path}`, { method, headers: { "idempotency-key": key } }), { playerId, body })!;
};

describe("keyedRequest", () => {
  it("is undefined without the header, and the same fingerprint for the same request", () => {
    expect(keyedRequest(new Request("http://lobby.test/v1/rooms", { method: "POST" }), { playerId: "p" })).toBeUndefined();
    expect(asked("k").request).toBe(asked("k").request);
    expect(asked("k", "POST /v1/rooms", { bet: "3.00" }).request).not.toBe(asked("k").request);
    expect(asked("k", "POST /v1/rooms/r/join", undefined).request).not.toBe(asked("k", "POST /v1/rooms/r/leave", undefined).request);
  });

  it.each(["", "k".repeat(256), "two words", "tab\tkey"])("refuses the key %j", (key) => {
    expect(() => asked(key)).toThrow(expect.objectContaining({ code: "validation_failed", errors: [expect.objectContaining({ path: "Idempotency-Key" })] }));
  });
});

describe.each(testDatabaseKinds)("%s: once", (kind) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => void (database = await openTestDatabase(kind)));
  afterAll(() => database.close());

  /** Runs the action under `keyed` in a transaction of its own, counting how often it really acted. */
  let acted = 0;
  const act = (keyed: KeyedRequest | undefined, answer: unknown = { room: { id: `room-${acted + 1}` } }) =>
    db().transaction((tx) => once(tx, keyed, async () => (acted++, answer)));

  it("without a key, acts every time", async () => {
    acted = 0;
    await act(undefined);
    await act(undefined);
    expect(acted).toBe(2);
  });

  it("with a key, acts once and answers a repeat with the first answer", async () => {
    acted = 0;
    const keyed = asked("repeat");
    const first = await act(keyed);
    expect(await act(keyed, { room: { id: "another" } })).toEqual(first);
    expect(acted).toBe(1);
  });

  it("refuses the same key for another request, without acting", async () => {
    acted = 0;
    await act(asked("reused"));
    await expect(act(asked("reused", "POST /v1/rooms/r/join", undefined))).rejects.toMatchObject({ code: "idempotency_key_reused" });
    expect(acted).toBe(1);
  });

  it("keeps no key for an action that failed: the next try acts", async () => {
    acted = 0;
    const keyed = asked("failed");
    await expect(db().transaction((tx) => once(tx, keyed, async () => Promise.reject(new AppError("insufficient_funds", "no"))))).rejects.toThrow("no");
    await act(keyed);
    expect(acted).toBe(1);
  });

  it(`forgets a key after ${KEY_KEPT_HOURS} hours: the same key then acts again`, async () => {
    acted = 0;
    const keyed = asked("old", "POST /v1/rooms", { bet: "1.00" }, "player-2");
    await act(keyed);
    await db().execute(sql`update idempotency_keys set created_at = now() - make_interval(hours => ${KEY_KEPT_HOURS}, mins => 1) where key = 'old'`);
    expect(await act(keyed, { room: { id: "new" } })).toEqual({ room: { id: "new" } });
    expect(acted).toBe(2);
    // A key a minute short of its hours is still kept.
    await db().execute(sql`update idempotency_keys set created_at = now() - make_interval(hours => ${KEY_KEPT_HOURS - 1}, mins => 59) where key = 'old'`);
    expect(await act(keyed, { room: { id: "newer" } })).toEqual({ room: { id: "new" } });
    expect(acted).toBe(2);
  });

  it("keys are per player", async () => {
    acted = 0;
    await act(asked("shared", "POST /v1/rooms", {}, "player-a"));
    await act(asked("shared", "POST /v1/rooms", {}, "player-b"));
    expect(acted).toBe(2);
  });

  /**
   * Starts `first` and waits until it holds its claim, then starts `second` and lets `first` finish.
   * The outcome asserted holds however the two interleave after that: `second` either waits on the
   * claim (as it usually does) or comes after `first` has ended.
   */
  async function inTurn<T>(keyed: KeyedRequest, first: (held: Promise<void>) => Promise<T>, second: () => Promise<T>) {
    let claimed!: () => void;
    const holding = new Promise<void>((r) => (claimed = r));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const one = db().transaction((tx) => once(tx, keyed, async () => (claimed(), first(held))));
    await holding;
    const two = db().transaction((tx) => once(tx, keyed, second));
    setTimeout(release, 50);
    return [one, two] as const;
  }

  it("concurrent repeats act once: the second answers with the first's answer", async () => {
    acted = 0;
    const [first, second] = await inTurn(
      asked("concurrent"),
      async (held) => (acted++, await held, { room: { id: "first" } }),
      async () => (acted++, { room: { id: "second" } }),
    );
    expect(await Promise.all([first, second])).toEqual([{ room: { id: "first" } }, { room: { id: "first" } }]);
    expect(acted).toBe(1);
  });

  it("a concurrent repeat whose first rolls back acts as new", async () => {
    acted = 0;
    const [first, second] = await inTurn(
      asked("rolled-back"),
      async (held): Promise<unknown> => (await held, Promise.reject(new Error("rolled back"))),
      async () => (acted++, { room: { id: "second" } }),
    );
    await expect(first).rejects.toThrow("rolled back");
    expect(await second).toEqual({ room: { id: "second" } });
    expect(acted).toBe(1);
  });
});

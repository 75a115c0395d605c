import { describe, expect, it } from "vitest";
import type { Executor } from "./client";
import { coalesced, groupedBy, MOST_KEYS_PER_STATEMENT } from "./coalesced";

// The executors are only keys here: the reads below never touch them.
const executor = (name: string) => ({ name }) as unknown as Executor;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A read that answers each key's double, and remembers the keys of every statement it was asked for. */
function doubling() {
  const statements: { db: Executor; keys: number[] }[] = [];
  const read = coalesced(async (db, keys: number[]) => {
    statements.push({ db, keys });
    return new Map(keys.filter((k) => k >= 0).map((k) => [k, 2 * k]));
  });
  return { read, statements };
}

describe("reads coalesced across the callers of a moment", () => {
  it("reads what the callers of one turn ask in one statement, each key once, and gives each caller its own part", async () => {
    const { read, statements } = doubling();
    const db = executor("lobby");
    const answers = await Promise.all([read(db, [1, 2]), read(db, [2, 3]), read(db, [4, -1])]);
    expect(statements).toEqual([{ db, keys: [1, 2, 3, 4, -1] }]);
    expect(answers.map((a) => [...a])).toEqual([
      [[1, 2], [2, 4]],
      [[2, 4], [3, 6]],
      [[4, 8]], // -1 was not found: left out
    ]);
  });

  it("never puts the reads of two executors in one statement", async () => {
    const { read, statements } = doubling();
    const [lobby, money] = [executor("lobby"), executor("money")];
    await Promise.all([read(lobby, [1]), read(money, [2]), read(lobby, [3])]);
    expect(statements).toEqual([
      { db: lobby, keys: [1, 3] },
      { db: money, keys: [2] },
    ]);
  });

  it("reads afresh for a caller of a later turn", async () => {
    const { read, statements } = doubling();
    const db = executor("lobby");
    const first = read(db, [1]);
    await nextTurn();
    const second = read(db, [1]);
    await Promise.all([first, second]);
    expect(statements.map((s) => s.keys)).toEqual([[1], [1]]);
  });

  it(`puts at most ${MOST_KEYS_PER_STATEMENT} keys in one statement`, async () => {
    const { read, statements } = doubling();
    const keys = Array.from({ length: MOST_KEYS_PER_STATEMENT + 1 }, (_, i) => i);
    const answer = await read(executor("lobby"), keys);
    expect(statements.map((s) => s.keys.length)).toEqual([MOST_KEYS_PER_STATEMENT, 1]);
    expect(answer.get(MOST_KEYS_PER_STATEMENT)).toBe(2 * MOST_KEYS_PER_STATEMENT);
  });

  it("gives a failed statement's error to every caller it served, and the next turn reads again", async () => {
    let fail = true;
    const read = coalesced(async (_db, keys: number[]) => {
      if (fail) throw new Error("statement timeout");
      return new Map(keys.map((k) => [k, k]));
    });
    const db = executor("lobby");
    const failed = await Promise.allSettled([read(db, [1]), read(db, [2])]);
    expect(failed.map((f) => f.status === "rejected" && String(f.reason))).toEqual(["Error: statement timeout", "Error: statement timeout"]);
    fail = false;
    expect([...(await read(db, [1]))]).toEqual([[1, 1]]);
  });

  it("asks nothing for no keys", async () => {
    const { read, statements } = doubling();
    expect((await read(executor("lobby"), [])).size).toBe(0);
    await nextTurn();
    expect(statements).toEqual([]);
  });
});

describe("a coalesced read's rows by key", () => {
  it("groups the rows under their key, in their order, as the value asked for", () => {
    const rows = [
      { player: "a", room: 3 },
      { player: "b", room: 2 },
      { player: "a", room: 1 },
    ];
    expect([...groupedBy(rows, (r) => r.player, (r) => r.room)]).toEqual([
      ["a", [3, 1]],
      ["b", [2]],
    ]);
    expect(groupedBy(rows, (r) => r.player).get("b")).toEqual([{ player: "b", room: 2 }]);
  });
});
